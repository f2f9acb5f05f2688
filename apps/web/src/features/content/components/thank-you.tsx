import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import heroUrl from '../assets/thank-you-hero.svg';
import { linkClasses } from '../../../components/markdown/markdown-link';

/**
 * The thank-you page after an order (storefront spec §2). `orderReference` must already be
 * validated (`parseOrderReference`); null shows no reference.
 */
export function ThankYou({ orderReference }: { orderReference: string | null }) {
  return (
    <Container className="py-10 text-center sm:py-14">
      <img src={heroUrl} alt="" width={640} height={400} className="mx-auto h-auto w-full max-w-xs sm:max-w-md" />
      <h1 className="mx-auto mt-8 max-w-2xl text-2xl leading-snug font-bold tracking-tight text-balance sm:text-3xl">
        Thanks for your order! Please check your email for your download(s).
      </h1>
      <p className="mt-4 text-lg font-semibold text-primary">
        Happy producing :)
      </p>

      {orderReference !== null && (
        <div className="mx-auto mt-8 inline-flex flex-col items-center gap-1 rounded-xl border border-border bg-tertiary px-6 py-4">
          <span className="text-sm text-secondary">Order reference</span>
          <span className="font-mono text-lg font-semibold tracking-wide break-all text-primary">{orderReference}</span>
        </div>
      )}

      <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/products" variant="primary" size="lg">
          Continue Shopping
        </ButtonLink>
        <ButtonLink to="/account" variant="secondary" size="lg">
          Go to My Orders
        </ButtonLink>
      </div>

      <p className="mx-auto mt-10 max-w-xl text-sm leading-relaxed text-secondary">
        The email can take a few minutes to arrive; check your spam folder too. Need help with your order?{' '}
        <Link to="/support" className={linkClasses}>
          Visit the Support Center
        </Link>
        {orderReference !== null && ' and mention your order reference'}.
      </p>
    </Container>
  );
}
