import { z } from 'zod';
import { OPERATING_SYSTEMS } from '../catalog/product';

/**
 * A product's releases in the back office: versions (drafts until published), their files, and
 * what publishing one does (it becomes current and opted-in owners get one email each).
 */

/** `MAJOR.MINOR.PATCH` with an optional pre-release (`2.0.0-beta.1`); no leading zeros, no build metadata. */
export const SEMVER_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?$/;

export const VERSION_FORMAT_MESSAGE = 'Use a version like 1.2.0';
export const CHANGELOG_MAX_LENGTH = 20_000;

export const releaseVersionSchema = z.string().trim().max(50, VERSION_FORMAT_MESSAGE).regex(SEMVER_PATTERN, VERSION_FORMAT_MESSAGE);

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const releaseDateSchema = z.iso.date('Pick the day this version is released');

/** The day in UTC, as `YYYY-MM-DD`: the release date a new version starts with. */
export const todayAsReleaseDate = (now = new Date()) => now.toISOString().slice(0, 10);

/** The major number of a version this store can read, else undefined. */
export function majorOf(version: string | null | undefined): number | undefined {
  const match = version ? SEMVER_PATTERN.exec(version.trim()) : null;
  return match ? Number(match[1]) : undefined;
}

/** A new version is major by default when its major number is higher than the current published version's. */
export function isMajorBump(version: string, currentVersion: string | null | undefined): boolean {
  const next = majorOf(version);
  if (next === undefined) return false;
  const current = majorOf(currentVersion);
  return current === undefined ? false : next > current;
}

/** `POST /products/:productId/versions` and `PUT …/versions/:versionId`. */
export const releaseInputSchema = z.object({
  version: releaseVersionSchema,
  releasedAt: releaseDateSchema,
  changelogMarkdown: z.string().max(CHANGELOG_MAX_LENGTH, `Release notes have at most ${CHANGELOG_MAX_LENGTH.toLocaleString('en-US')} characters`),
  /** Left out: major when the major number is higher than the current published version's. */
  major: z.boolean().optional(),
});
export type ReleaseInput = z.input<typeof releaseInputSchema>;

const id = z.coerce.number().int().positive().max(2_147_483_647);
export const productReleasesParamsSchema = z.object({ productId: id });
export const releaseParamsSchema = z.object({ productId: id, versionId: id });
export const releaseFileParamsSchema = z.object({ productId: id, versionId: id, fileId: id });

/** A file of a version as the releases page lists it (files stored before the back office may have other formats). */
export const versionFileSchema = z.object({
  id: z.number().int(),
  os: z.enum(OPERATING_SYSTEMS),
  format: z.string(),
  filename: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
});
export type VersionFile = z.infer<typeof versionFileSchema>;

export const releaseSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  /** `YYYY-MM-DD` (UTC). */
  releasedAt: z.string(),
  changelogMarkdown: z.string(),
  major: z.boolean(),
  /** Null while a draft. */
  publishedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The version shoppers and owners get now (the newest published by release date). */
  current: z.boolean(),
  files: z.array(versionFileSchema),
});
export type Release = z.infer<typeof releaseSchema>;

/** `GET /products/:productId/versions`: newest first (drafts among them by release date). */
export const productReleasesSchema = z.object({
  product: z.object({ id: z.number().int(), display: z.string(), path: z.string(), downloadable: z.boolean() }),
  /** Owners who asked for release emails: how many messages publishing a version queues. */
  optedInOwners: z.number().int(),
  versions: z.array(releaseSchema),
});
export type ProductReleases = z.infer<typeof productReleasesSchema>;

/** `POST …/versions/:versionId/publish`. */
export const publishResultSchema = z.object({
  release: releaseSchema,
  /** Release emails queued by this call (0 when the version was already published). */
  emailsQueued: z.number().int(),
});
export type PublishResult = z.infer<typeof publishResultSchema>;
