import { createAuditRepository, type AuditExecutor, type AuditRecord } from './audit.repository';

export type { AuditRecord };

/**
 * The audit log as a step of another module's write: `auditOn(tx).record(…)` inside the write's
 * transaction, so the change and its record are saved together or not at all.
 */
export function auditOn(db: AuditExecutor) {
  const repository = createAuditRepository(db);
  return { record: (event: AuditRecord) => repository.record(event) };
}

export type AuditStep = ReturnType<typeof auditOn>;
