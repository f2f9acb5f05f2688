import { isMajorBump, type ProductReleases, type PublishResult, type Release, type releaseInputSchema } from '@store/contracts/admin';
import type { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { ProductFileRow, ProductVersionRow } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/lib/http-error.ts';
import { auditOn } from '#server/modules/audit/audit.service.ts';
import type { ReleasesRepository } from './releases.repository';

type ParsedInput = z.output<typeof releaseInputSchema>;

/** What publishing needs from the mail module: one release email to one owner, in the publish transaction. */
export interface ReleaseAnnouncer {
  announce(
    tx: Database,
    release: { versionId: number; productName: string; version: string; major: boolean; changelogMarkdown: string },
    email: string,
  ): Promise<boolean>;
}

export interface ReleasesServiceOptions {
  db: Database;
  repository: (db: Database) => ReleasesRepository;
  mail: ReleaseAnnouncer;
  /** Removes a stored file (after the commit that dropped its row). */
  removeStoredFile: (storageKey: string) => Promise<void>;
  /** After every committed write: the storefront's cached answers are stale. */
  onCatalogChanged: () => void;
  /** After a publish that queued release emails. */
  onMailQueued: () => void;
  /** A stored file could not be removed; the row is gone, so only storage space is lost. */
  onRemoveFailed: (storageKey: string, error: unknown) => void;
  now?: () => Date;
}

type Actor = { email: string };

const day = (date: Date) => date.toISOString().slice(0, 10);
const startOfDay = (isoDay: string) => new Date(`${isoDay}T00:00:00.000Z`);

const duplicateVersion = (version: string) =>
  new HttpError(409, `Version ${version} already exists.`, { version: `This product already has a version ${version}` });

/**
 * The back office's releases of a product: drafts nobody sees, their files, and publishing,
 * which makes a version current and tells the owners who asked for it. Every write is one
 * transaction with its audit record.
 */
export function createReleasesService(options: ReleasesServiceOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  const toRelease = (row: ProductVersionRow, files: ProductFileRow[], currentId: number | undefined): Release => ({
    id: row.id,
    version: row.version,
    releasedAt: day(row.releasedAt),
    changelogMarkdown: row.changelogMarkdown,
    major: row.major,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    current: row.id === currentId,
    files: files
      .filter((file) => file.versionId === row.id)
      .map((file) => ({ id: file.id, os: file.os, format: file.format, filename: file.filename, sizeBytes: file.sizeBytes, sha256: file.sha256 })),
  });

  const auditRow = (row: ProductVersionRow) => ({
    productId: row.productId,
    version: row.version,
    releasedAt: day(row.releasedAt),
    changelogMarkdown: row.changelogMarkdown,
    major: row.major,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  });

  async function productOrThrow(repository: ReleasesRepository, productId: number) {
    const product = await repository.findProduct(productId);
    if (!product) throw notFound('There is no such product. It may have been deleted; go back to the product list.');
    return product;
  }

  async function versionOrThrow(repository: ReleasesRepository, productId: number, versionId: number) {
    const version = await repository.lockVersion(productId, versionId);
    if (!version) throw notFound('This version does not exist any more. Reload the page to see the current versions.');
    return version;
  }

  /** One query after the other: `repository` is usually on a transaction, whose one connection runs one query at a time. */
  async function releaseView(repository: ReleasesRepository, row: ProductVersionRow) {
    const files = await repository.filesOf([row.id]);
    const current = await repository.currentVersion(row.productId);
    return toRelease(row, files, current?.id);
  }

  /** Removes stored files no row points at any more; failures are reported, not thrown (the write has committed). */
  async function removeStored(files: ProductFileRow[]) {
    const repository = options.repository(db);
    for (const key of new Set(files.map((file) => file.storageKey))) {
      try {
        if (!(await repository.storageKeyInUse(key))) await options.removeStoredFile(key);
      } catch (error) {
        options.onRemoveFailed(key, error);
      }
    }
  }

  return {
    async list(productId: number): Promise<ProductReleases> {
      const repository = options.repository(db);
      const product = await productOrThrow(repository, productId);
      const versions = await repository.listVersions(productId);
      const [files, current, optedInOwners] = await Promise.all([
        repository.filesOf(versions.map((version) => version.id)),
        repository.currentVersion(productId),
        repository.countOptedInOwners(productId),
      ]);
      return { product, optedInOwners, versions: versions.map((version) => toRelease(version, files, current?.id)) };
    },

    async create(actor: Actor, productId: number, input: ParsedInput): Promise<Release> {
      const release = await db.transaction(async (tx) => {
        const repository = options.repository(tx);
        const product = await productOrThrow(repository, productId);
        const current = await repository.currentVersion(product.id);
        const row = await repository.insertDraft({
          productId: product.id,
          version: input.version,
          releasedAt: startOfDay(input.releasedAt),
          changelogMarkdown: input.changelogMarkdown,
          major: input.major ?? isMajorBump(input.version, current?.version),
        });
        if (!row) throw duplicateVersion(input.version);
        await auditOn(tx).record({
          actor: actor.email,
          action: 'release.create',
          subjectType: 'product_version',
          subjectId: String(row.id),
          before: null,
          after: auditRow(row),
        });
        return toRelease(row, [], current?.id);
      });
      options.onCatalogChanged();
      return release;
    },

    /** A draft changes freely; a published version only its release notes (owners already have its number and date). */
    async update(actor: Actor, productId: number, versionId: number, input: ParsedInput): Promise<Release> {
      const release = await db.transaction(async (tx) => {
        const repository = options.repository(tx);
        const before = await versionOrThrow(repository, productId, versionId);
        if (before.publishedAt) refuseChangesToPublished(before, input);
        else if (input.version !== before.version && (await repository.versionTaken(productId, input.version, before.id)))
          throw duplicateVersion(input.version);
        const changes = before.publishedAt
          ? { changelogMarkdown: input.changelogMarkdown }
          : {
              version: input.version,
              releasedAt: startOfDay(input.releasedAt),
              changelogMarkdown: input.changelogMarkdown,
              major: input.major ?? isMajorBump(input.version, (await repository.currentVersion(productId))?.version),
            };
        const after = await repository.updateVersion(before.id, changes);
        await auditOn(tx).record({
          actor: actor.email,
          action: 'release.update',
          subjectType: 'product_version',
          subjectId: String(before.id),
          before: auditRow(before),
          after: auditRow(after),
        });
        return releaseView(repository, after);
      });
      options.onCatalogChanged();
      return release;
    },

    async deleteDraft(actor: Actor, productId: number, versionId: number): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        const repository = options.repository(tx);
        const version = await versionOrThrow(repository, productId, versionId);
        if (version.publishedAt)
          throw new HttpError(409, `Version ${version.version} is published: owners may have it, so it cannot be deleted. Edit its release notes instead.`);
        const files = await repository.deleteVersion(version.id);
        await auditOn(tx).record({
          actor: actor.email,
          action: 'release.delete',
          subjectType: 'product_version',
          subjectId: String(version.id),
          before: { ...auditRow(version), files: files.map((file) => file.filename) },
          after: null,
        });
        return files;
      });
      options.onCatalogChanged();
      await removeStored(removed);
    },

    async deleteFile(actor: Actor, productId: number, versionId: number, fileId: number): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        const repository = options.repository(tx);
        const product = await productOrThrow(repository, productId);
        const version = await versionOrThrow(repository, productId, versionId);
        const file = await repository.deleteFile(version.id, fileId);
        if (!file) throw notFound('This file is not part of the version any more. Reload the page to see its files.');
        if (version.publishedAt && product.downloadable && (await repository.filesOf([version.id])).length === 0) {
          throw new HttpError(
            409,
            `${file.filename} is the last file of published version ${version.version}: owners would have nothing to download. Add its replacement first, then remove it.`,
          );
        }
        await auditOn(tx).record({
          actor: actor.email,
          action: 'release.file.delete',
          subjectType: 'product_version',
          subjectId: String(version.id),
          before: { file: { id: file.id, os: file.os, format: file.format, filename: file.filename, sha256: file.sha256 } },
          after: null,
        });
        return [file];
      });
      options.onCatalogChanged();
      await removeStored(removed);
    },

    /**
     * Publishes a draft: it becomes visible, and current when it is the newest by release date.
     * Owners who asked for release emails get one each, queued in this transaction; publishing
     * again (a retried request) changes nothing and queues nothing.
     */
    async publish(actor: Actor, productId: number, versionId: number): Promise<PublishResult> {
      const result = await db.transaction(async (tx) => {
        const repository = options.repository(tx);
        const product = await productOrThrow(repository, productId);
        const draft = await versionOrThrow(repository, productId, versionId);
        if (draft.publishedAt) return { release: await releaseView(repository, draft), emailsQueued: 0 };
        const files = await repository.filesOf([draft.id]);
        if (product.downloadable && files.length === 0) {
          throw new HttpError(
            409,
            `Version ${draft.version} has no files yet. ${product.display} is downloadable, so add at least one file before publishing.`,
          );
        }
        const published = await repository.publish(draft.id, releaseMoment(draft.releasedAt, now()));
        if (!published) return { release: await releaseView(repository, draft), emailsQueued: 0 };
        await auditOn(tx).record({
          actor: actor.email,
          action: 'release.publish',
          subjectType: 'product_version',
          subjectId: String(draft.id),
          before: auditRow(draft),
          after: auditRow(published),
        });
        let emailsQueued = 0;
        const announcement = {
          versionId: published.id,
          productName: product.display,
          version: published.version,
          major: published.major,
          changelogMarkdown: published.changelogMarkdown,
        };
        for (const email of await repository.optedInOwners(product.id)) {
          if (await options.mail.announce(tx, announcement, email)) emailsQueued += 1;
        }
        return { release: await releaseView(repository, published), emailsQueued };
      });
      options.onCatalogChanged();
      if (result.emailsQueued > 0) options.onMailQueued();
      return result;
    },
  };
}

/**
 * A version released today is stamped with the moment it is published, so it is newer than any
 * version released earlier the same day; other dates keep the day the maker chose.
 */
function releaseMoment(releasedAt: Date, now: Date): Date {
  return day(releasedAt) === day(now) ? now : releasedAt;
}

function refuseChangesToPublished(before: ProductVersionRow, input: ParsedInput) {
  const fields: Record<string, string> = {};
  const locked = 'A published version keeps its number, date and major flag; only its release notes can change';
  if (input.version !== before.version) fields.version = locked;
  if (input.releasedAt !== day(before.releasedAt)) fields.releasedAt = locked;
  if (input.major !== undefined && input.major !== before.major) fields.major = locked;
  if (Object.keys(fields).length > 0) throw new HttpError(409, `Version ${before.version} is published: only its release notes can be changed.`, fields);
}

export type ReleasesService = ReturnType<typeof createReleasesService>;
