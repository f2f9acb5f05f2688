import { CopyButton } from '#web/components/ui/copy-button.tsx';
import type { VersionFile } from '@store/contracts/admin';
import { Button } from '#web/components/ui/button.tsx';

export const OS_LABELS: Record<VersionFile['os'], string> = { mac: 'macOS', windows: 'Windows', linux: 'Linux', any: 'Any system' };

/** '2.7 MB': sizes as makers read them (1 MB = 1,000,000 bytes, like their file managers). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** A version's files: platform, format, name, size and checksum (shortened, copyable), each removable. */
export function FileList({ files, onRemove, removing }: { files: VersionFile[]; onRemove(file: VersionFile): void; removing: boolean }) {
  if (files.length === 0) return <p className="text-sm text-secondary">No files yet.</p>;
  return (
    <ul className="divide-y divide-border/40 rounded-lg border border-border/40 dark:divide-border/70 dark:border-border/70">
      {files.map((file) => (
        <li key={file.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="truncate font-medium text-primary">{file.filename}</p>
            <p className="text-sm text-secondary">
              {OS_LABELS[file.os]} · {file.format} · {formatFileSize(file.sizeBytes)}
            </p>
            <p className="flex flex-wrap items-center gap-2 text-sm text-secondary">
              <span>
                SHA-256{' '}
                <code className="font-mono text-primary" title={file.sha256}>
                  {file.sha256.slice(0, 12)}…
                </code>
              </span>
              <CopyButton variant="ghost" value={file.sha256} label={`the SHA-256 of ${file.filename}`} />
            </p>
          </div>
          <Button variant="danger" size="sm" onClick={() => onRemove(file)} disabled={removing} aria-label={`Remove ${file.filename}`}>
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}
