import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { apiAssetUrl } from '#web/lib/api-client.ts';
import { CART_IMAGE_SIZE } from '../constants';
import type { CartLine } from '#web/types/cart-line.ts';
import type { CartResult } from '../types';
import { sanitizeSummary } from '../utils/sanitize-summary';
import { paths } from '@store/contracts/paths';

const stepButton =
  'inline-flex size-11 items-center justify-center text-xl font-semibold text-primary transition-colors hover:bg-primary/10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:focus-visible:outline-accent';

/** − quantity +; decreasing is disabled at 1 or less (docs/behaviour/cart.md#quantities). */
export function QuantityStepper({
  name,
  quantity,
  disabled,
  onChange,
}: {
  name: string;
  quantity: number;
  disabled: boolean;
  onChange(quantity: number): void;
}) {
  return (
    <div role="group" aria-label={`Quantity of ${name}`} className="inline-flex items-center overflow-hidden rounded-lg border border-border">
      <button
        type="button"
        className={stepButton}
        aria-label={`Decrease quantity of ${name}`}
        disabled={disabled || quantity <= 1}
        onClick={() => onChange(quantity - 1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <span className="min-w-10 px-1 text-center font-semibold tabular-nums">
        <span className="sr-only">Quantity: </span>
        {quantity}
      </span>
      <button type="button" className={stepButton} aria-label={`Increase quantity of ${name}`} disabled={disabled} onClick={() => onChange(quantity + 1)}>
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}

export interface CartLineItemProps {
  line: CartLine;
  onUpdateQuantity(path: string, quantity: number): Promise<CartResult>;
  onRemove(path: string): Promise<CartResult>;
  /** Told how each change ended, so the page can say what went wrong (or stop saying it). */
  onResult(result: CartResult): void;
}

/** One line of the cart: image, name, summary, unit price, stepper, remove and line total. */
export function CartLineItem({ line, onUpdateQuantity, onRemove, onResult }: CartLineItemProps) {
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const summary = useMemo(() => sanitizeSummary(line.summaryHtml), [line.summaryHtml]);

  const change = async (run: () => Promise<CartResult>) => {
    setBusy(true);
    const result = await run();
    onResult(result);
    // A removed line is gone from the cart by now.
    if (mounted.current) setBusy(false);
  };

  const discounted = Boolean(line.price) && line.price !== line.unitPrice;

  return (
    // Phones: the controls take the card's full width under the image; wider: under the text.
    <li aria-busy={busy} className={`grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-3 p-4 transition-opacity sm:gap-x-5 sm:p-5 ${busy ? 'opacity-60' : ''}`}>
      {line.image ? (
        <img
          src={apiAssetUrl(line.image)}
          alt=""
          width={CART_IMAGE_SIZE}
          height={CART_IMAGE_SIZE}
          className="size-20 shrink-0 rounded-lg border border-border/40 object-cover sm:size-24"
        />
      ) : (
        <div aria-hidden="true" className="size-20 shrink-0 rounded-lg border border-border/40 bg-tertiary sm:size-24" />
      )}
      <div className="min-w-0">
        <div className="flex items-start justify-between gap-4">
          <h3 className="min-w-0 leading-6 font-semibold break-words">
            <Link
              to={paths.product.getHref(line.path)}
              className="underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:focus-visible:outline-accent"
            >
              {line.display}
            </Link>
          </h3>
          <p className="shrink-0 text-right leading-6 font-semibold tabular-nums">
            <span className="sr-only">Line total: </span>
            {line.total}
          </p>
        </div>
        {summary && <div className="mt-1 line-clamp-2 text-sm leading-6 text-secondary" dangerouslySetInnerHTML={{ __html: summary }} />}
        <p className="mt-1 text-sm text-secondary tabular-nums">
          {line.unitPrice} each
          {discounted && (
            <>
              {' '}
              <s className="ml-1">
                <span className="sr-only">was </span>
                {line.price}
              </s>
            </>
          )}
        </p>
      </div>
      <div className="col-span-2 flex flex-wrap items-center justify-between gap-3 sm:col-span-1 sm:col-start-2">
        <QuantityStepper
          name={line.display}
          quantity={line.quantity}
          disabled={busy}
          onChange={(quantity) => void change(() => onUpdateQuantity(line.path, quantity))}
        />
        <Button
          variant="ghost"
          size="sm"
          className="min-h-11"
          disabled={busy}
          aria-label={`Remove ${line.display}`}
          onClick={() => void change(() => onRemove(line.path))}
        >
          <TrashIcon />
          Remove
        </Button>
      </div>
    </li>
  );
}

function TrashIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path
        fillRule="evenodd"
        d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.44c-.8.08-1.58.18-2.37.3a.75.75 0 1 0 .23 1.49l.15-.03.83 10.34A2.75 2.75 0 0 0 7.58 19h4.84a2.75 2.75 0 0 0 2.74-2.71l.83-10.34.15.03a.75.75 0 1 0 .23-1.49c-.79-.12-1.57-.22-2.37-.3v-.44A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.67.03 2.5.08v-.33c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.33C8.33 4.03 9.16 4 10 4Zm-1.66 3.97a.75.75 0 0 0-1.5.06l.3 7.5a.75.75 0 1 0 1.5-.06l-.3-7.5Zm4.82.06a.75.75 0 1 0-1.5-.06l-.3 7.5a.75.75 0 1 0 1.5.06l.3-7.5Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
