import type { ProductVersion } from '@store/contracts';
import { formatBytes, formatReleaseDate, operatingSystemLabel } from './format';
import { paths } from '@store/contracts/paths';

/**
 * Per-product content that the catalogue API does not carry (docs/behaviour/catalogue.md#product-facts), keyed
 * by product path. Adding a product's facts is adding an entry here.
 */
export interface ProductFact {
  /** The fact itself, e.g. '111 MB'. */
  value: string;
  /** What the value is, when it does not say so itself, e.g. 'Download size'. */
  label?: string;
}

export interface ProductFactsEntry {
  /** Short statements shown as a checklist in the Key facts panel. */
  facts: readonly ProductFact[];
  links?: readonly { label: string; to: string }[];
}

const SAMPLE_LOOP_PACK: ProductFactsEntry = {
  facts: [
    { label: 'Contents', value: '16 MIDI and 16 WAV files' },
    { label: 'Download size', value: '111 MB' },
    { label: 'Audio', value: '24-bit / 44.1 kHz' },
  ],
};

export const PRODUCT_FACTS: Readonly<Record<string, ProductFactsEntry>> = {
  'sw-select-sample-loops-vol-1': SAMPLE_LOOP_PACK,
  'sw-select-sample-loops-vol-2': SAMPLE_LOOP_PACK,
  'sw-jazz-complete-vol-1-11': { facts: [{ value: '11 volumes' }, { value: '100 progressions each' }] },
  'remidi-4': {
    facts: [{ value: 'Licence for up to 3 computers' }, { value: 'Upgrade from reMIDI 3: free' }, { value: 'reMIDI 2 users: 85% off' }],
    links: [
      { label: 'Installation guide', to: paths.content['remidi-4-installation'].getHref() },
      { label: 'reMIDI 4 user manual', to: paths.content['remidi-4-user-manual'].getHref() },
    ],
  },
};

/**
 * Paths that show another product's page while keeping their own URL
 * (docs/behaviour/catalogue.md#product-pages): /products/remidi-4-trial shows the remidi-4 page.
 */
export const PRODUCT_PAGE_ALIASES: Readonly<Record<string, string>> = {
  'remidi-4-trial': 'remidi-4',
};

/** The free trial offered on a product's page, by the page's product path. */
export const PRODUCT_TRIALS: Readonly<Record<string, string>> = {
  'remidi-4': 'remidi-4-trial',
};

/** Which product's content a URL path shows. */
export function pagePathFor(path: string): string {
  return Object.hasOwn(PRODUCT_PAGE_ALIASES, path) ? (PRODUCT_PAGE_ALIASES[path] ?? path) : path;
}

export function productFactsFor(path: string): ProductFactsEntry | undefined {
  const pagePath = pagePathFor(path);
  return Object.hasOwn(PRODUCT_FACTS, pagePath) ? PRODUCT_FACTS[pagePath] : undefined;
}

export function trialPathFor(path: string): string | undefined {
  const pagePath = pagePathFor(path);
  return Object.hasOwn(PRODUCT_TRIALS, pagePath) ? PRODUCT_TRIALS[pagePath] : undefined;
}

export interface VersionDetail {
  label: string;
  value: string;
  /** Machine-readable date for a `<time>` element. */
  dateTime?: string;
}

/** Version number, release date and the download size per operating system of a plugin's latest release. */
export function versionDetails(version: ProductVersion | null | undefined): VersionDetail[] {
  if (!version) return [];
  const details: VersionDetail[] = [];
  if (version.version) details.push({ label: 'Latest version', value: version.version });
  const released = formatReleaseDate(version.releasedAt);
  if (released) details.push({ label: 'Released', value: released, dateTime: version.releasedAt });
  for (const file of version.files) {
    const size = formatBytes(file.sizeBytes);
    if (size) details.push({ label: `${operatingSystemLabel(file.os)} download`, value: size });
  }
  return details;
}
