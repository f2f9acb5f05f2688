import { useEffect, useRef, useState } from 'react';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { CHECKOUT_CONTAINER_ID, CHECKOUT_MIN_HEIGHT_PX, CHECKOUT_STALL_MS, POPUP_CONTAINER_RESHOW_MS } from '../constants';

/**
 * The element the provider draws its checkout into (`#fsc-embedded-checkout-container`,
 * at least 600 px tall). React never renders children into it; the provider owns them.
 * Reports a stall when it is still empty some seconds after the checkout was started.
 *
 * A popup storefront (`popup`) opens its checkout in a window over the page instead: the
 * container is hidden while that window opens and shown again 1000 ms after the checkout
 * started (docs/behaviour/checkout.md#popup-storefronts); it stays empty, so it is not a stall.
 */
export function EmbeddedCheckout({
  started,
  popup = false,
  showSpinner = true,
  onStalledChange,
}: {
  started: boolean;
  popup?: boolean;
  showSpinner?: boolean;
  onStalledChange(stalled: boolean): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [hasContent, setHasContent] = useState(false);
  const [popupReshown, setPopupReshown] = useState(false);
  const popupOpening = popup && started && !popupReshown;
  const report = useRef(onStalledChange);
  useEffect(() => {
    report.current = onStalledChange;
  });

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const check = () => {
      const filled = container.childElementCount > 0;
      setHasContent(filled);
      if (filled) report.current(false);
    };
    const observer = new MutationObserver(check);
    observer.observe(container, { childList: true });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!started || popup) return;
    const timer = setTimeout(() => {
      if ((ref.current?.childElementCount ?? 0) === 0) report.current(true);
    }, CHECKOUT_STALL_MS);
    return () => clearTimeout(timer);
  }, [started, popup]);

  useEffect(() => {
    if (!started || !popup) return;
    const timer = setTimeout(() => {
      setPopupReshown(true);
      // The provider may have hidden the container itself while its window opened.
      if (ref.current?.style.display === 'none') ref.current.style.display = '';
    }, POPUP_CONTAINER_RESHOW_MS);
    return () => clearTimeout(timer);
  }, [started, popup]);

  return (
    <div className="relative" hidden={popupOpening}>
      <div id={CHECKOUT_CONTAINER_ID} ref={ref} style={{ minHeight: CHECKOUT_MIN_HEIGHT_PX }} className="w-full" />
      {!hasContent && showSpinner && !popup && (
        <div className="pointer-events-none absolute inset-x-0 top-0 flex justify-center pt-16">
          <Spinner label="Opening secure checkout..." />
        </div>
      )}
      {!hasContent && popup && started && (
        <div className="absolute inset-x-0 top-0 flex justify-center pt-16">
          <p role="status" className="max-w-prose rounded-xl border border-border/40 bg-tertiary px-6 py-6 text-center text-secondary dark:border-border/70">
            The secure checkout opens in a window over this page. If you closed it, go Back to Cart and press Secure Checkout again.
          </p>
        </div>
      )}
    </div>
  );
}
