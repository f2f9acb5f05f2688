import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import type { PaymentsFailure, ProviderNotice } from '../types';

export const SCRIPT_FAILED_TITLE = "We couldn't reach the payment service.";
export const TIMEOUT_TITLE = 'The payment service is taking too long to start.';

/** Reloads the page: the only way to load the provider's script again. */
export function reloadPage() {
  window.location.reload();
}

/**
 * Told to the shopper, not only logged (docs/behaviour/cart.md#payment-provider-readiness): the provider's script did not load or
 * did not start, with what to do next.
 */
export function PaymentsFailureAlert({ failure, onReload = reloadPage }: { failure: PaymentsFailure; onReload?: () => void }) {
  return (
    <Alert tone="error">
      <p>
        <strong className="font-semibold">{failure === 'script' ? SCRIPT_FAILED_TITLE : TIMEOUT_TITLE}</strong>{' '}
        {failure === 'script'
          ? 'Check your connection and reload the page.'
          : "Your cart and checkout can't be used until it does. Reload the page to try again."}
      </p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onReload}>
        Reload
      </Button>
    </Alert>
  );
}

/** An error the provider reported while no cart change was waiting for an answer. */
export function ProviderNoticeAlert({ notice, onDismiss }: { notice: ProviderNotice; onDismiss: () => void }) {
  return (
    <Alert tone="warning" title="The payment service reported a problem.">
      {notice.message && <p>{notice.message}</p>}
      <p>If your cart doesn't look right, reload the page.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={reloadPage}>
          Reload
        </Button>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Hide message
        </Button>
      </div>
    </Alert>
  );
}
