import { useEffect, useRef, useState } from 'react';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { CHECKOUT_CONTAINER_ID, CHECKOUT_MIN_HEIGHT_PX, CHECKOUT_STALL_MS } from '../constants';

/**
 * The element the provider draws its checkout into (`#fsc-embedded-checkout-container`,
 * at least 600 px tall). React never renders children into it; the provider owns them.
 * Reports a stall when it is still empty some seconds after the checkout was started.
 */
export function EmbeddedCheckout({
  started,
  showSpinner = true,
  onStalledChange,
}: {
  started: boolean;
  showSpinner?: boolean;
  onStalledChange(stalled: boolean): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [hasContent, setHasContent] = useState(false);
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
    if (!started) return;
    const timer = setTimeout(() => {
      if ((ref.current?.childElementCount ?? 0) === 0) report.current(true);
    }, CHECKOUT_STALL_MS);
    return () => clearTimeout(timer);
  }, [started]);

  return (
    <div className="relative">
      <div id={CHECKOUT_CONTAINER_ID} ref={ref} style={{ minHeight: CHECKOUT_MIN_HEIGHT_PX }} className="w-full" />
      {!hasContent && showSpinner && (
        <div className="pointer-events-none absolute inset-x-0 top-0 flex justify-center pt-16">
          <Spinner label="Opening secure checkout..." />
        </div>
      )}
    </div>
  );
}
