import { zeroMoney } from '@store/contracts/money';
import { Link } from 'react-router';
import { storeConfig } from '#web/lib/store-config.ts';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { Container } from '#web/components/ui/container.tsx';
import heroUrl from '../assets/thank-you-hero.svg';
import { linkClasses } from '#web/components/markdown/markdown-link.tsx';
import { useOrderSummary } from '../api/get-order-summary';
import { paths } from '@store/contracts/paths';

/**
 * The thank-you page after an order (docs/behaviour/checkout.md#thank-you-page). `orderReference` must already be
 * validated (`parseOrderReference`); null shows no reference.
 */
export function ThankYou({ orderReference }: { orderReference: string | null }) {
  return (
    <Container className="py-10 text-center sm:py-14">
      <img src={heroUrl} alt="" width={640} height={400} className="mx-auto h-auto w-full max-w-xs sm:max-w-md" />
      <h1 className="mx-auto mt-8 max-w-2xl text-2xl leading-snug font-bold tracking-tight text-balance sm:text-3xl">
        Thanks for your order! Please check your email for your download(s).
      </h1>
      <p className="mt-4 text-lg font-semibold text-primary">Happy producing :)</p>

      {orderReference !== null && (
        <div className="mx-auto mt-8 flex max-w-md flex-col items-center gap-1 rounded-xl border border-border bg-tertiary px-6 py-4">
          <span className="text-sm text-secondary">Order reference</span>
          <span className="font-mono text-lg font-semibold tracking-wide break-all text-primary">{orderReference}</span>
          <OrderDetails reference={orderReference} />
        </div>
      )}

      <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to={paths.productLists.all.getHref()} variant="primary" size="lg">
          Continue Shopping
        </ButtonLink>
        <ButtonLink to={paths.account.getHref()} variant="secondary" size="lg">
          Go to My Orders
        </ButtonLink>
      </div>

      <p className="mx-auto mt-10 max-w-xl text-sm leading-relaxed text-secondary">
        The email can take a few minutes to arrive; check your spam folder too. Need help with your order?{' '}
        <Link to={paths.content.support.getHref()} className={linkClasses}>
          Visit the Support Center
        </Link>
        {orderReference !== null && ' and mention your order reference'}.
      </p>
    </Container>
  );
}

/** What was bought, once the payment provider has told the store (usually within seconds). */
function OrderDetails({ reference }: { reference: string }) {
  const summary = useOrderSummary(reference);
  if (summary.isPending) {
    return (
      <p role="status" className="mt-2 flex items-center gap-2 text-sm text-secondary">
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-border border-t-accent motion-reduce:animate-none" />
        Confirming your order…
      </p>
    );
  }
  if (summary.isError) {
    return (
      <p role="status" className="mt-2 text-sm text-secondary">
        We are still confirming this order. Your email with the download links arrives as soon as it is done.
      </p>
    );
  }
  return (
    <div className="mt-3 w-full border-t border-border pt-3 text-left">
      <ul aria-label="Products in this order" className="space-y-1 text-sm text-primary">
        {summary.data.items.map((item) => (
          <li key={item.path} className="flex justify-between gap-4">
            <Link to={paths.product.getHref(item.path)} className={linkClasses}>
              {item.display}
            </Link>
            {item.quantity > 1 && <span className="text-secondary">× {item.quantity}</span>}
          </li>
        ))}
      </ul>
      {summary.data.total && (
        <p className="mt-2 flex justify-between border-t border-border pt-2 text-sm font-semibold text-primary">
          <span>Total paid</span>
          <span>{summary.data.total === zeroMoney(storeConfig.currency) ? 'Free' : summary.data.total}</span>
        </p>
      )}
    </div>
  );
}
