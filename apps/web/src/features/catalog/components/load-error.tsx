import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { describeLoadError } from '../utils/describe-error';

/** An error Alert that says what failed, why, and offers to try again. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert tone="error" title={title}>
      <p>{describeLoadError(error)}</p>
      <p>Check your connection and try again.</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
