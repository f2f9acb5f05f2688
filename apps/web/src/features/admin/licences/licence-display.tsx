import type { LicenceDeskStatus, LicenceType } from '@store/contracts/admin';

export const STATUS_LABELS: Record<LicenceDeskStatus, string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };
export const TYPE_LABELS: Record<LicenceType, string> = { perpetual: 'Perpetual', trial: 'Trial', nfr: 'Not for resale' };

/** Text and background pairs that keep their contrast in both themes. */
const STATUS_CLASSES: Record<LicenceDeskStatus, string> = {
  active: 'bg-success/15 text-primary ring-success/50',
  expired: 'bg-tertiary text-secondary ring-border',
  revoked: 'bg-danger/15 text-primary ring-danger/50',
};

export function LicenceStatusBadge({ status }: { status: LicenceDeskStatus }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_CLASSES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** '21 Nov 2026', or 'Never' for a licence that does not end. */
export function expiryLabel(expiresAt: string | null): string {
  return expiresAt === null ? 'Never' : dateOnly.format(new Date(expiresAt));
}
