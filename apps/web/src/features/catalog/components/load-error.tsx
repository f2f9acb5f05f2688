import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FailureHint } from '#web/components/ui/failure-hint.tsx';
import { describeLoadError } from '../utils/describe-error';

/**
 * An error Alert that says what failed, why, what to do (from the store's status: down, offline
 * or having trouble) and offers to try again.
 */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert tone="error" title={title}>
      <p>{describeLoadError(error)}</p>
      <FailureHint failureKey={error} trouble="The store is up but having trouble with this. Try again in a moment." />
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
