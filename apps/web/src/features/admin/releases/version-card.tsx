import type { Release, VersionFile } from '@store/contracts/admin';
import { Markdown } from '#web/components/markdown/markdown.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatDateTime } from '../utils/format';
import { AddFile } from './add-file';
import { FileList } from './file-list';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';
const BADGES = {
  current: `${badge} bg-accent text-black`,
  draft: `${badge} border border-border text-secondary`,
  major: `${badge} bg-primary/10 text-primary`,
};

const releaseDay = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

export interface VersionCardProps {
  productId: number;
  release: Release;
  /** A downloadable product's version needs a file before it can be published. */
  needsFiles: boolean;
  busy: boolean;
  onEdit(): void;
  onPublish(): void;
  onDelete(): void;
  onRemoveFile(file: VersionFile): void;
  onFileAdded(): void;
}

/** One version: its state, date, notes and files, and what can be done with it now. */
export function VersionCard({ productId, release, needsFiles, busy, onEdit, onPublish, onDelete, onRemoveFile, onFileAdded }: VersionCardProps) {
  const draft = release.publishedAt === null;
  const cannotPublish = needsFiles && release.files.length === 0;
  const hintId = `version-${release.id}-publish-hint`;
  return (
    <article className="rounded-xl border border-border/40 bg-background p-4 shadow-sm sm:p-6 dark:border-border/70" aria-labelledby={`version-${release.id}`}>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={`version-${release.id}`} className="flex flex-wrap items-center gap-2 text-lg font-semibold text-primary">
            Version {release.version}
            {release.current && <span className={BADGES.current}>Current</span>}
            {draft && <span className={BADGES.draft}>Draft</span>}
            {release.major && <span className={BADGES.major}>Major</span>}
          </h2>
          <p className="mt-1 text-sm text-secondary">
            Release date {releaseDay(release.releasedAt)}
            {release.publishedAt ? ` · published ${formatDateTime(release.publishedAt)}` : ' · not published: shoppers and owners do not see it'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={onEdit} disabled={busy}>
            {draft ? 'Edit' : 'Edit notes'}
          </Button>
          {draft && (
            <>
              <Button size="sm" onClick={onPublish} disabled={busy || cannotPublish} aria-describedby={cannotPublish ? hintId : undefined}>
                Publish
              </Button>
              <Button variant="danger" size="sm" onClick={onDelete} disabled={busy}>
                Delete draft
              </Button>
            </>
          )}
        </div>
      </header>
      {draft && cannotPublish && (
        <p id={hintId} className="mt-2 text-sm text-secondary">
          Add at least one file to publish this version: owners would have nothing to download.
        </p>
      )}
      {release.changelogMarkdown.trim() && (
        <details className="mt-4 text-primary">
          <summary className="cursor-pointer text-sm font-semibold">Release notes</summary>
          <div className="mt-2">
            <Markdown minHeading={3}>{release.changelogMarkdown}</Markdown>
          </div>
        </details>
      )}
      <section className="mt-4 flex flex-col gap-3" aria-label={`Files of version ${release.version}`}>
        <h3 className="text-sm font-semibold text-primary">Files</h3>
        <FileList files={release.files} onRemove={onRemoveFile} removing={busy} />
        {draft ? (
          <AddFile productId={productId} versionId={release.id} taken={release.files} onUploaded={onFileAdded} />
        ) : (
          <details>
            <summary className="cursor-pointer text-sm font-semibold text-primary">Add a file to this published version</summary>
            <div className="mt-2">
              <AddFile productId={productId} versionId={release.id} taken={release.files} onUploaded={onFileAdded} />
            </div>
          </details>
        )}
      </section>
    </article>
  );
}
