import { z } from 'zod';
import { adminDownloadSchema, adminEmailSchema, adminLicenceSchema, adminOrderRowSchema, adminSearchSchema } from './orders';

export const CUSTOMER_PAGE_SIZE = 50;

/** `GET /api/admin/customers`: newest first; `after` is the `next` of the previous page (keyset paging). */
export const customerListQuerySchema = z.object({
  /** The start of an email address, or part of a name (first, last or both), in any alphabet. */
  q: adminSearchSchema,
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(CUSTOMER_PAGE_SIZE),
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

export const adminCustomerRowSchema = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  name: z.string().nullable(),
  country: z.string().nullable(),
  /** Sales (complimentary orders are not counted), in any currency. */
  orders: z.number().int().nonnegative(),
  /** Revenue of those sales in the store currency, before refunds; `refundedMinor` is what was given back. */
  revenueMinor: z.number().int(),
  refundedMinor: z.number().int(),
  firstOrderAt: z.iso.datetime({ offset: true }).nullable(),
  lastOrderAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the customer's personal data was erased; null while it is kept. */
  erasedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminCustomerRow = z.infer<typeof adminCustomerRowSchema>;

export const customerListSchema = z.object({
  customers: z.array(adminCustomerRowSchema),
  /** Pass as `after` for the next (older) page; null on the last page. */
  next: z.string().nullable(),
  /** The store currency, which `revenueMinor` and `refundedMinor` are in. */
  currency: z.string().length(3),
});
export type CustomerList = z.infer<typeof customerListSchema>;

export const customerParamsSchema = z.object({ customerId: z.coerce.number().int().positive() });

/** The sign-in account with the customer's email, as the store's own identity provider knows it. */
export const adminCustomerAccountSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('embedded'),
    /** Null when nobody signed up with this address. */
    account: z
      .object({
        emailVerified: z.boolean(),
        emailVerifiedAt: z.iso.datetime({ offset: true }).nullable(),
        createdAt: z.iso.datetime({ offset: true }),
        lastSignedInAt: z.iso.datetime({ offset: true }).nullable(),
      })
      .nullable(),
  }),
  /** An external identity provider (OIDC_ISSUER) holds sign-in accounts: the store knows nothing of them. */
  z.object({ provider: z.literal('external') }),
]);
export type AdminCustomerAccount = z.infer<typeof adminCustomerAccountSchema>;

/** `GET /api/admin/customers/:customerId`: what the store holds about one customer. */
export const customerDetailSchema = z.object({
  customer: z.object({
    id: z.number().int().positive(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    country: z.string().nullable(),
    region: z.string().nullable(),
    city: z.string().nullable(),
    postalCode: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    erasedAt: z.iso.datetime({ offset: true }).nullable(),
  }),
  /** The store currency, which `revenueMinor` and `refundedMinor` are in. */
  currency: z.string().length(3),
  revenueMinor: z.number().int(),
  refundedMinor: z.number().int(),
  orders: z.array(adminOrderRowSchema),
  licences: z.array(adminLicenceSchema),
  downloads: z.array(adminDownloadSchema),
  account: adminCustomerAccountSchema,
  /** Release emails (the only marketing the store sends): yes or no, and since when the choice stands. */
  marketing: z.object({ releaseEmails: z.boolean(), since: z.iso.datetime({ offset: true }).nullable() }),
  emails: z.array(adminEmailSchema),
  /** True when the address is an administrator's: erasing is refused until the role is removed. */
  administrator: z.boolean(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** `GET /api/admin/customers/:customerId/export.json`: every part, as the store holds it (never a password hash or token). */
export const customerExportSchema = z.object({
  exportedAt: z.iso.datetime({ offset: true }),
  store: z.string(),
  customer: z.record(z.string(), z.unknown()),
  orders: z.array(z.record(z.string(), z.unknown())),
  licences: z.array(z.record(z.string(), z.unknown())),
  legacyLicences: z.array(z.record(z.string(), z.unknown())),
  downloads: z.array(z.record(z.string(), z.unknown())),
  account: z.record(z.string(), z.unknown()).nullable(),
  mailPreferences: z.record(z.string(), z.unknown()).nullable(),
  emails: z.array(z.record(z.string(), z.unknown())),
  lyraConversations: z.array(z.record(z.string(), z.unknown())),
  lyraCreativeLog: z.array(z.record(z.string(), z.unknown())),
  couponReservations: z.array(z.record(z.string(), z.unknown())),
});
export type CustomerExport = z.infer<typeof customerExportSchema>;

export const CONFIRM_ERASE_MESSAGE = "Type the customer's email address to confirm";

/** `POST /api/admin/customers/:customerId/erase`: the customer's email, typed again, confirms it. */
export const customerEraseSchema = z.object({
  confirmEmail: z.string().trim().max(320, CONFIRM_ERASE_MESSAGE),
});
export type CustomerErase = z.infer<typeof customerEraseSchema>;

export const customerErasedSchema = z.object({
  customerId: z.number().int().positive(),
  /** The placeholder the orders now carry instead of the address. */
  email: z.string(),
  erasedAt: z.iso.datetime({ offset: true }),
  message: z.string(),
});
export type CustomerErased = z.infer<typeof customerErasedSchema>;
