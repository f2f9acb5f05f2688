import { isRecord } from '@store/contracts/is-record';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KeyFact, MediaItem, ProductFile, ProductVersion, UpgradeOffer } from '@store/contracts';
import { normalizeProduct, type NormalizedProduct } from '@store/contracts/catalog/normalize';
import { PRODUCT_PATH_PATTERN } from '@store/contracts/paths';
import { ApiError, apiGet } from '#web/lib/api-client.ts';

/** What a product page needs: the list fields plus the detail answer's extras. */
export interface ProductDetails extends NormalizedProduct {
  longDescription: string;
  /** Safe HTML rendered by the server from longDescription. */
  descriptionHtml: string;
  media: MediaItem[];
  related: string[];
  latestVersion: ProductVersion | null;
  /** The Key facts panel's rows; a fact with `href` is a link. */
  keyFacts: KeyFact[];
  /** The free trial offered on this product's page. */
  trial: { path: string; display: string } | null;
  /** For a trial: the paid product whose page its address shows. */
  trialOf: string | null;
  /** Upgrade prices for owners of older products' licence keys (usually none). */
  upgradeOffers: UpgradeOffer[];
}

/** A missing product is an expected answer, not an error: the page shows a not-found message. */
export type ProductResult = { status: 'found'; product: ProductDetails } | { status: 'not-found'; path: string };

const MEDIA_KINDS = new Set<MediaItem['kind']>(['image', 'audio', 'video', 'midi']);

export const INVALID_PRODUCT_ANSWER = 'The product answer was not in the expected format';

/** `GET /api/products/{path}`; 404 (or a path that cannot exist) resolves to `{ status: 'not-found' }`. */
export async function getProduct(path: string, signal?: AbortSignal): Promise<ProductResult> {
  // A path that is not lowercase words joined by hyphens cannot exist.
  if (!PRODUCT_PATH_PATTERN.test(path)) return { status: 'not-found', path };
  let payload: unknown;
  try {
    payload = await apiGet(`/api/products/${encodeURIComponent(path)}`, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { status: 'not-found', path };
    throw error;
  }
  return { status: 'found', product: parseProductDetails(payload) };
}

export const productQueryOptions = (path: string) =>
  queryOptions({ queryKey: ['products', 'detail', path] as const, queryFn: ({ signal }) => getProduct(path, signal) });

export function useProduct(path: string) {
  return useQuery(productQueryOptions(path));
}

/** Reads the detail answer leniently: unknown or malformed extras fall back to empty values. */
export function parseProductDetails(payload: unknown): ProductDetails {
  if (!isRecord(payload) || typeof payload.path !== 'string' || typeof payload.display !== 'string') {
    throw new Error(INVALID_PRODUCT_ANSWER);
  }
  return {
    ...normalizeProduct(payload),
    longDescription: typeof payload.longDescription === 'string' ? payload.longDescription : '',
    descriptionHtml: typeof payload.descriptionHtml === 'string' ? payload.descriptionHtml : '',
    media: Array.isArray(payload.media) ? payload.media.flatMap(parseMediaItem) : [],
    related: Array.isArray(payload.related) ? payload.related.filter((path): path is string => typeof path === 'string') : [],
    latestVersion: parseVersion(payload.latestVersion),
    keyFacts: Array.isArray(payload.keyFacts) ? payload.keyFacts.flatMap(parseKeyFact) : [],
    trial: parseTrial(payload.trial),
    trialOf: typeof payload.trialOf === 'string' && PRODUCT_PATH_PATTERN.test(payload.trialOf) ? payload.trialOf : null,
    upgradeOffers: Array.isArray(payload.upgradeOffers) ? payload.upgradeOffers.flatMap(parseUpgradeOffer) : [],
  };
}

function parseKeyFact(value: unknown): KeyFact[] {
  if (!isRecord(value) || typeof value.value !== 'string' || value.value === '') return [];
  return [
    {
      value: value.value,
      ...(typeof value.label === 'string' && value.label !== '' && { label: value.label }),
      // Only a path on this store or an https address becomes a link, as the server checks on save.
      ...(typeof value.href === 'string' && /^(\/(?!\/)|https:\/\/)/.test(value.href) && { href: value.href }),
    },
  ];
}

function parseUpgradeOffer(value: unknown): UpgradeOffer[] {
  if (!isRecord(value) || typeof value.from !== 'string' || typeof value.fromName !== 'string' || value.fromName === '') return [];
  const percentOff = value.percentOff;
  if (typeof percentOff !== 'number' || !Number.isInteger(percentOff) || percentOff < 1 || percentOff > 100) return [];
  return [{ from: value.from, fromName: value.fromName, percentOff }];
}

function parseTrial(value: unknown): ProductDetails['trial'] {
  if (!isRecord(value) || typeof value.path !== 'string' || !PRODUCT_PATH_PATTERN.test(value.path)) return null;
  return { path: value.path, display: typeof value.display === 'string' ? value.display : value.path };
}

function parseMediaItem(value: unknown): MediaItem[] {
  if (!isRecord(value) || typeof value.src !== 'string' || !MEDIA_KINDS.has(value.kind as MediaItem['kind'])) return [];
  return [
    {
      kind: value.kind as MediaItem['kind'],
      src: value.src,
      title: typeof value.title === 'string' ? value.title : '',
      ...(typeof value.poster === 'string' && { poster: value.poster }),
      ...(isPositiveInteger(value.width) && { width: value.width }),
      ...(isPositiveInteger(value.height) && { height: value.height }),
    },
  ];
}

function parseVersion(value: unknown): ProductVersion | null {
  if (!isRecord(value) || typeof value.version !== 'string') return null;
  return {
    version: value.version,
    releasedAt: typeof value.releasedAt === 'string' ? value.releasedAt : '',
    changelog: typeof value.changelog === 'string' ? value.changelog : '',
    changelogHtml: typeof value.changelogHtml === 'string' ? value.changelogHtml : '',
    files: Array.isArray(value.files) ? value.files.flatMap(parseFile) : [],
  };
}

function parseFile(value: unknown): ProductFile[] {
  if (!isRecord(value) || typeof value.os !== 'string' || typeof value.sizeBytes !== 'number') return [];
  return [
    {
      os: value.os as ProductFile['os'],
      format: typeof value.format === 'string' ? value.format : '',
      filename: typeof value.filename === 'string' ? value.filename : '',
      sizeBytes: value.sizeBytes,
      sha256: typeof value.sha256 === 'string' ? value.sha256 : '',
    },
  ];
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}
