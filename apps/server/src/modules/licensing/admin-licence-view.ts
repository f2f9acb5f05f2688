import type { AdminLicence, AdminMachine } from '@store/contracts/admin';

/** A computer as the database holds it (dates as dates). */
export type MachineRecord = Omit<AdminMachine, 'activatedAt' | 'lastSeenAt' | 'releasedAt'> & { activatedAt: Date; lastSeenAt: Date; releasedAt: Date | null };

/** A licence with its product's name and its computers, as the database holds them. */
export type LicenceRecord = Omit<AdminLicence, 'expiresAt' | 'revokedAt' | 'createdAt' | 'machines'> & {
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  machines: MachineRecord[];
};

const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

/** A computer as the back office shows it; fields beyond the contract's (its licence id) are left out. */
export function toAdminMachine(machine: MachineRecord): AdminMachine {
  return {
    id: machine.id,
    name: machine.name,
    platform: machine.platform,
    appVersion: machine.appVersion,
    activatedAt: machine.activatedAt.toISOString(),
    lastSeenAt: machine.lastSeenAt.toISOString(),
    releasedAt: isoOrNull(machine.releasedAt),
    releasedReason: machine.releasedReason,
  };
}

/** A licence as the back office shows it on the order, customer and licence pages alike. */
export function toAdminLicence(licence: LicenceRecord): AdminLicence {
  return {
    id: licence.id,
    key: licence.key,
    orderItemId: licence.orderItemId,
    productId: licence.productId,
    productName: licence.productName,
    type: licence.type,
    status: licence.status,
    seats: licence.seats,
    expiresAt: isoOrNull(licence.expiresAt),
    revokedAt: isoOrNull(licence.revokedAt),
    createdAt: licence.createdAt.toISOString(),
    machines: licence.machines.map(toAdminMachine),
  };
}
