import { useId, useRef } from 'react';
import type { CompleteUploadResponse, UploadPurpose, UploadTargets } from '@store/contracts/admin';
import { Button } from '#web/components/ui/button.tsx';
import { CONNECTION_LOST } from './upload-failure';
import { percentOf, progressText } from './upload-progress';
import { useResumableUpload, type UploadState } from './use-resumable-upload';

export interface UploadButtonProps<P extends UploadPurpose> {
  purpose: P;
  /** What the file is for: `{ productId, versionId, os, format }` for a release file, `{ productId }` for media. */
  target: UploadTargets[P];
  /** The file types offered in the picker (`accept` of a file input), e.g. 'image/*,audio/*,video/*'. */
  accept?: string;
  /** The button's text, also the file picker's name. */
  label: string;
  disabled?: boolean;
  /** The finished upload as it became: `{ file }` for a release file, `{ mediaItem }` for media. */
  onUploaded: (result: CompleteUploadResponse) => void;
}

/**
 * Picks a file and uploads it to the store, resumably: a progress bar with bytes, percent,
 * speed and time left; Pause, Resume and Cancel; after a dropped connection or a reload it goes
 * on where it stopped. Used by the product form (media) and the release page (files).
 */
export function UploadButton<P extends UploadPurpose>({ purpose, target, accept, label, disabled, onUploaded }: UploadButtonProps<P>) {
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const { state, choose, pause, resume, retryComplete, cancel } = useResumableUpload({ purpose, target, onUploaded });
  const busy = state.phase !== 'idle' && state.phase !== 'done' && state.phase !== 'failed';

  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={disabled || busy} aria-describedby={statusId}>
          {label}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={accept}
          aria-label={label}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again (after a failure) starts it again.
            event.target.value = '';
            if (file) void choose(file);
          }}
        />
      </div>
      <div id={statusId}>
        <UploadStatus state={state} onPause={pause} onResume={resume} onRetryComplete={retryComplete} onCancel={() => void cancel()} />
      </div>
    </div>
  );
}

interface StatusActions {
  onPause: () => void;
  onResume: () => void;
  onRetryComplete: () => void;
  onCancel: () => void;
}

function UploadStatus({ state, onPause, onResume, onRetryComplete, onCancel }: { state: UploadState } & StatusActions) {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'checking':
      return <p className="text-sm break-words text-secondary">Checking {state.file.name}…</p>;
    case 'uploading':
    case 'paused':
    case 'reconnecting':
      return (
        <div className="flex flex-col gap-2 rounded-lg border border-border/40 p-3 dark:border-border/70">
          <ProgressBar name={state.file.name} sent={state.sent} total={state.total} />
          <p className="text-sm text-secondary tabular-nums">{progressText(state.sent, state.total, state.speed)}</p>
          <p role="status" className="text-sm text-primary">
            {state.phase === 'paused' && 'Paused. Resume goes on where it stopped (within 24 hours).'}
            {state.phase === 'reconnecting' && CONNECTION_LOST}
          </p>
          <div className="flex flex-wrap gap-2">
            {state.phase === 'paused' ? (
              <Button size="sm" variant="secondary" onClick={onResume}>
                Resume
              </Button>
            ) : (
              <Button size="sm" variant="secondary" onClick={onPause}>
                Pause
              </Button>
            )}
            <Button size="sm" variant="danger" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </div>
      );
    case 'finishing':
      return (
        <div className="flex flex-col gap-2">
          <ProgressBar name={state.file.name} sent={state.total} total={state.total} />
          <p role="status" className="text-sm break-words text-secondary">
            Received. Processing {state.file.name}…
          </p>
        </div>
      );
    case 'done':
      return (
        <p role="status" className="text-sm break-words text-success">
          Uploaded {state.file.name}.
        </p>
      );
    case 'failed':
      return (
        <div className="flex flex-col gap-2">
          <p role="alert" className="text-sm break-words text-danger">
            {state.file.name}: {state.message}
          </p>
          {(state.resumable || state.completable) && (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={state.resumable ? onResume : onRetryComplete}>
                {state.resumable ? 'Resume' : 'Try again'}
              </Button>
              <Button size="sm" variant="danger" onClick={onCancel}>
                Cancel
              </Button>
            </div>
          )}
        </div>
      );
  }
}

function ProgressBar({ name, sent, total }: { name: string; sent: number; total: number }) {
  const percent = percentOf(sent, total);
  return (
    <div
      role="progressbar"
      aria-label={`Uploading ${name}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      className="h-2 w-full overflow-hidden rounded-full bg-tertiary dark:bg-tertiary"
    >
      <div className="h-full rounded-full bg-accent transition-[width] duration-300 motion-reduce:transition-none" style={{ width: `${percent}%` }} />
    </div>
  );
}
