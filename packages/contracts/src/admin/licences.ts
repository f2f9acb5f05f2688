import { z } from 'zod';
import { adminLicenceSchema, adminSearchSchema, orderKindSchema } from './orders';

/** The licence desk (`/api/admin/licences`): find a licence by key or email, act on it, give one away. */

export const LICENCE_TYPES = ['perpetual', 'trial', 'nfr'] as const;
export const licenceTypeSchema = z.enum(LICENCE_TYPES);
export type LicenceType = z.infer<typeof licenceTypeSchema>;

/** What a licence is now: 'expired' is a trial past its end (its row stays 'active'). */
export const LICENCE_DESK_STATUSES = ['active', 'expired', 'revoked'] as const;
export const licenceDeskStatusSchema = z.enum(LICENCE_DESK_STATUSES);
export type LicenceDeskStatus = z.infer<typeof licenceDeskStatusSchema>;

export const LICENCE_PAGE_SIZE = 50;

/** `GET /api/admin/licences`: newest first; `after` is the `next` of the previous page. */
export const licenceListQuerySchema = z.object({
  /** A licence key (any case, spaces or dashes) or the start of the customer's email. */
  q: adminSearchSchema,
  productId: z.coerce.number().int().positive().optional(),
  status: licenceDeskStatusSchema.optional(),
  type: licenceTypeSchema.optional(),
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(LICENCE_PAGE_SIZE),
});
export type LicenceListQuery = z.input<typeof licenceListQuerySchema>;

export const adminLicenceRowSchema = z.object({
  id: z.number().int().positive(),
  key: z.string(),
  productId: z.number().int().positive(),
  productName: z.string(),
  customerId: z.number().int().positive(),
  email: z.string(),
  type: licenceTypeSchema,
  status: licenceDeskStatusSchema,
  seats: z.number().int().positive(),
  activeMachines: z.number().int().nonnegative(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminLicenceRow = z.infer<typeof adminLicenceRowSchema>;

export const licenceListSchema = z.object({
  licences: z.array(adminLicenceRowSchema),
  /** Pass as `after` for the next (older) page; null on the last page. */
  next: z.string().nullable(),
});
export type LicenceList = z.infer<typeof licenceListSchema>;

export const licenceParamsSchema = z.object({ licenceId: z.coerce.number().int().positive() });
export const licenceMachineParamsSchema = licenceParamsSchema.extend({
  machineId: z.uuid({ error: 'A computer is named by its id (a UUID), as the licence page lists it.' }),
});

export const LICENCE_HISTORY_EVENTS = ['issued', 'activated', 'released', 'revoked', 'back-office'] as const;

/** One thing that happened to a licence, newest first on its page. */
export const licenceHistoryEntrySchema = z.object({
  at: z.iso.datetime({ offset: true }),
  event: z.enum(LICENCE_HISTORY_EVENTS),
  /** What happened, in a sentence. */
  summary: z.string(),
  /** The administrator, for a back-office action. */
  actor: z.string().nullable(),
});
export type LicenceHistoryEntry = z.infer<typeof licenceHistoryEntrySchema>;

/** `GET /api/admin/licences/:licenceId`, and the answer of every action on it. */
export const licenceDetailSchema = z.object({
  licence: adminLicenceSchema,
  status: licenceDeskStatusSchema,
  customer: z.object({ id: z.number().int().positive(), email: z.string(), erased: z.boolean() }),
  order: z.object({ id: z.number().int().positive(), reference: z.string(), kind: orderKindSchema }),
  /** Why it cannot be restored (its purchase was refunded), when it cannot. */
  restoreBlocked: z.string().nullable(),
  history: z.array(licenceHistoryEntrySchema),
});
export type LicenceDetail = z.infer<typeof licenceDetailSchema>;

export const LICENCE_REASON_MAX = 500;

/** `POST /api/admin/licences/:licenceId/revoke`. */
export const licenceRevokeSchema = z.object({
  reason: z.string().trim().min(1, 'Say why the licence is revoked: it is kept in its history.').max(LICENCE_REASON_MAX),
});
export type LicenceRevoke = z.infer<typeof licenceRevokeSchema>;

export const MAX_TRIAL_EXTENSION_DAYS = 365;

/** `POST /api/admin/licences/:licenceId/extend-trial`: days more, or a new end. */
export const licenceExtendTrialSchema = z
  .object({
    days: z
      .number()
      .int('Enter a whole number of days.')
      .min(1, 'Extend by at least 1 day.')
      .max(MAX_TRIAL_EXTENSION_DAYS, `Extend by at most ${MAX_TRIAL_EXTENSION_DAYS} days at a time.`)
      .optional(),
    until: z.iso.datetime({ offset: true, error: 'Enter the new end as a date and time.' }).optional(),
  })
  .refine((body) => (body.days === undefined) !== (body.until === undefined), {
    message: 'Give either a number of days or a new end date, not both.',
    path: ['days'],
  });
export type LicenceExtendTrial = z.infer<typeof licenceExtendTrialSchema>;

export const COMPLIMENTARY_PURPOSES = ['nfr', 'press', 'bundle-partner'] as const;
export const complimentaryPurposeSchema = z.enum(COMPLIMENTARY_PURPOSES);
export type ComplimentaryPurpose = z.infer<typeof complimentaryPurposeSchema>;
export const COMPLIMENTARY_PURPOSE_LABELS: Record<ComplimentaryPurpose, string> = {
  nfr: 'Not for resale',
  press: 'Press',
  'bundle-partner': 'Bundle partner',
};

export const MAX_COMPLIMENTARY_SEATS = 100;

/** `POST /api/admin/licences/complimentary`. */
export const complimentaryLicenceCreateSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, 'An email address has at most 254 characters.')
    .pipe(z.email({ error: 'Enter a valid email address, like name@example.com.' }))
    .transform((email) => email.toLowerCase()),
  productId: z.number({ error: 'Choose a product.' }).int().positive('Choose a product.'),
  purpose: complimentaryPurposeSchema,
  note: z.string().trim().max(LICENCE_REASON_MAX).optional(),
  /** Computers it activates; the product's own number when absent. */
  seats: z.number().int().min(1, 'At least 1 computer.').max(MAX_COMPLIMENTARY_SEATS, `At most ${MAX_COMPLIMENTARY_SEATS} computers.`).optional(),
});
export type ComplimentaryLicenceCreate = z.input<typeof complimentaryLicenceCreateSchema>;

export const complimentaryLicenceCreatedSchema = z.object({
  orderId: z.number().int().positive(),
  reference: z.string(),
  licenceId: z.number().int().positive(),
  key: z.string(),
  message: z.string(),
});
export type ComplimentaryLicenceCreated = z.infer<typeof complimentaryLicenceCreatedSchema>;

/** `GET /api/admin/licences/complimentary/products`: what can be given away (licensed, paid, not a trial). */
export const complimentaryProductsSchema = z.object({
  products: z.array(z.object({ id: z.number().int().positive(), displayName: z.string(), seats: z.number().int().positive(), live: z.boolean() })),
});
export type ComplimentaryProducts = z.infer<typeof complimentaryProductsSchema>;
