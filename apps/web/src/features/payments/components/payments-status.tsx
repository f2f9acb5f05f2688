import { Container } from '#web/components/ui/container.tsx';
import { usePayments } from '../payments-provider';
import { PaymentsFailureAlert, ProviderNoticeAlert } from './payments-alerts';

/**
 * Under the header on every page: tells the shopper when the payment provider could not
 * be loaded, or reported an error nothing on the page was waiting for. A polite live
 * region that is always present, so screen readers hear what appears in it.
 */
export function PaymentsStatus() {
  const { status, failure, notice, dismissNotice } = usePayments();
  return (
    <div aria-live="polite">
      {status === 'failed' && failure && (
        <Container className="pt-6">
          <PaymentsFailureAlert failure={failure} />
        </Container>
      )}
      {notice && (
        <Container className="pt-6">
          <ProviderNoticeAlert notice={notice} onDismiss={dismissNotice} />
        </Container>
      )}
    </div>
  );
}
