import type { ProductVersion } from '@store/contracts';
import { formatBytes, formatReleaseDate, operatingSystemLabel } from './format';

export interface VersionDetail {
  label: string;
  value: string;
  /** Machine-readable date for a `<time>` element. */
  dateTime?: string;
}

/** Version number, release date and the download size per operating system of a product's latest release. */
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
