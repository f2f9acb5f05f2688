import { z } from 'zod';

/** `GET /api/admin/me`: the administrator the back office is talking to. */
export const adminSelfSchema = z.object({
  email: z.string(),
  /** Why this account is an administrator. */
  source: z.enum(['ADMIN_EMAILS', 'granted', 'identity-provider']),
});
export type AdminSelf = z.infer<typeof adminSelfSchema>;

/** One administrator as `GET /api/admin/administrators` lists them. */
export const administratorSchema = z.object({
  email: z.string(),
  /** 'ADMIN_EMAILS': named in the configuration (removed there, not here); 'granted': given the role in the back office. */
  source: z.enum(['ADMIN_EMAILS', 'granted']),
  grantedBy: z.string().nullable(),
  grantedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Administrator = z.infer<typeof administratorSchema>;

export const administratorListSchema = z.object({
  administrators: z.array(administratorSchema),
  /** Whether the identity provider's role claim can make more people administrators than this list shows. */
  rolesClaim: z.string().nullable(),
});
export type AdministratorList = z.infer<typeof administratorListSchema>;

export const grantAdminRequestSchema = z.object({
  email: z
    .email('Enter the email address the person signs in with')
    .max(254, 'An email address has at most 254 characters')
    .transform((email) => email.toLowerCase()),
});
export type GrantAdminRequest = z.input<typeof grantAdminRequestSchema>;

export const administratorParamsSchema = z.object({ email: z.email().max(254) });

/**
 * `GET /api/access`: whether the signed-in user is an administrator. Asked by the storefront's
 * header for every signed-in user, so it answers 200 either way (a 403 from the back office
 * would show as an error in every shopper's console).
 */
export const accessStatusSchema = z.object({ administrator: z.boolean() });
export type AccessStatus = z.infer<typeof accessStatusSchema>;
