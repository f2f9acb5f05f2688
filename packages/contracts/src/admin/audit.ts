import { z } from 'zod';

/** One back-office write: who did what to which record, with the record before and after. */
export const auditEventSchema = z.object({
  id: z.number().int().positive(),
  actor: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  at: z.iso.datetime({ offset: true }),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const AUDIT_PAGE_SIZE = 50;

/** `GET /api/admin/audit`: newest first; `before` is the id of the last event of the previous page. */
export const auditQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
  subjectType: z.string().max(40).optional(),
  subjectId: z.string().max(100).optional(),
  actor: z.string().max(254).optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: z.number().int().positive().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
