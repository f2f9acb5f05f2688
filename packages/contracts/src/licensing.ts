import { z } from 'zod';
import { productPathSchema } from './catalog/product';

/**
 * The licensing API a plugin calls (`/api/licensing/v1`): the licence key is the credential, no
 * session. Shapes follow Keygen's where they overlap, so its clients and examples carry over.
 */

export const LICENSING_PLATFORMS = ['macos', 'windows', 'linux'] as const;
export const licensingPlatformSchema = z.enum(LICENSING_PLATFORMS);
export type LicensingPlatform = z.infer<typeof licensingPlatformSchema>;

/** A licence key as typed or pasted: trimmed and upper-cased; its format is not checked (an unknown key is NOT_FOUND). */
export const licenceKeyInputSchema = z
  .string()
  .trim()
  .min(1, 'Enter the licence key')
  .max(100, 'A licence key has at most 100 characters')
  .transform((key) => key.toUpperCase());

/** What identifies one computer: chosen by the plugin, stable across reinstalls (docs/licensing.md). */
export const fingerprintSchema = z
  .string()
  .trim()
  .min(8, 'A fingerprint has at least 8 characters')
  .max(200, 'A fingerprint has at most 200 characters')
  .regex(/^[\x21-\x7e]+$/, 'A fingerprint is printable ASCII without spaces');

const machineNameSchema = z.string().trim().min(1).max(100);
const appVersionSchema = z.string().trim().min(1).max(40);

/** Every outcome a licence check can have. */
export const LICENCE_CODES = ['VALID', 'NO_MACHINE', 'TOO_MANY_MACHINES', 'PRODUCT_MISMATCH', 'EXPIRED', 'REVOKED', 'NOT_FOUND'] as const;
/** Refusals only a change can meet (activate, deactivate), besides the codes above. */
export const LICENSING_REFUSAL_CODES = ['TOO_MANY_DEACTIVATIONS', 'TRIAL_ALREADY_USED', 'RATE_LIMITED', 'INVALID_REQUEST'] as const;
export const licenceCodeSchema = z.enum(LICENCE_CODES);
export type LicenceCode = z.infer<typeof licenceCodeSchema>;
export const licensingCodeSchema = z.enum([...LICENCE_CODES, ...LICENSING_REFUSAL_CODES]);
export type LicensingCode = z.infer<typeof licensingCodeSchema>;

export const activateRequestSchema = z.object({
  licenseKey: licenceKeyInputSchema,
  product: productPathSchema,
  fingerprint: fingerprintSchema,
  machineName: machineNameSchema.optional(),
  platform: licensingPlatformSchema.optional(),
  appVersion: appVersionSchema.optional(),
});
export type ActivateRequest = z.input<typeof activateRequestSchema>;

export const validateRequestSchema = z.object({ licenseKey: licenceKeyInputSchema, product: productPathSchema, fingerprint: fingerprintSchema });
export type ValidateRequest = z.input<typeof validateRequestSchema>;

export const deactivateRequestSchema = z.object({ licenseKey: licenceKeyInputSchema, fingerprint: fingerprintSchema });
export type DeactivateRequest = z.input<typeof deactivateRequestSchema>;

export const checkoutFileRequestSchema = z.object({ licenseKey: licenceKeyInputSchema, fingerprint: fingerprintSchema });
export type CheckoutFileRequest = z.input<typeof checkoutFileRequestSchema>;

/** `license` in every answer: what the plugin may show and decide on. */
export const licensingLicenceSchema = z.object({
  product: productPathSchema,
  type: z.enum(['perpetual', 'trial', 'nfr']),
  /** 'expired' once a trial's `expiresAt` has passed. */
  status: z.enum(['active', 'expired', 'revoked']),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  maxMachines: z.number().int().positive(),
  activationsUsed: z.number().int().nonnegative(),
});
export type LicensingLicence = z.infer<typeof licensingLicenceSchema>;

export const licensingMachineSchema = z.object({
  id: z.uuid(),
  fingerprint: z.string(),
  name: z.string().nullable(),
  platform: licensingPlatformSchema.nullable(),
  activatedAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
});
export type LicensingMachine = z.infer<typeof licensingMachineSchema>;

/** `POST /activate`: 201 for a new activation, 200 when this fingerprint was already active (idempotent). */
export const activateResponseSchema = z.object({
  valid: z.literal(true),
  code: z.literal('VALID'),
  license: licensingLicenceSchema,
  machine: licensingMachineSchema,
  machineFile: z.string(),
});
export type ActivateResponse = z.infer<typeof activateResponseSchema>;

/** `POST /validate`: always 200 for a well-formed request; `valid` and `code` say the outcome. */
export const validateResponseSchema = z.object({
  valid: z.boolean(),
  code: licenceCodeSchema,
  /** What to tell the shopper when not valid. */
  message: z.string().optional(),
  /** Absent for NOT_FOUND. */
  license: licensingLicenceSchema.optional(),
  machine: licensingMachineSchema.optional(),
});
export type ValidateResponse = z.infer<typeof validateResponseSchema>;

export const deactivateResponseSchema = z.object({ deactivated: z.literal(true), activationsUsed: z.number().int().nonnegative() });
export type DeactivateResponse = z.infer<typeof deactivateResponseSchema>;

/** `POST /checkout-file`: a fresh machine file for a computer that is about to work offline. */
export const checkoutFileResponseSchema = z.object({
  machineFile: z.string(),
  issued: z.iso.datetime({ offset: true }),
  expiry: z.iso.datetime({ offset: true }),
});
export type CheckoutFileResponse = z.infer<typeof checkoutFileResponseSchema>;

/** Every licensing refusal (4xx): `message` tells the shopper what to do. */
export const licensingRefusalSchema = z.object({
  valid: z.literal(false),
  code: licensingCodeSchema,
  message: z.string(),
  /** For a malformed request: the message per field. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type LicensingRefusal = z.infer<typeof licensingRefusalSchema>;

export const releasesCheckRequestSchema = z.object({
  product: productPathSchema,
  platform: licensingPlatformSchema,
  /** The version the plugin runs, e.g. '4.1.0'. */
  version: z.string().trim().min(1).max(40),
  /** When given, the answer says whether this licence is entitled to the latest version. */
  licenseKey: licenceKeyInputSchema.optional(),
});
export type ReleasesCheckRequest = z.input<typeof releasesCheckRequestSchema>;

export const releasesCheckResponseSchema = z.object({
  product: productPathSchema,
  latestVersion: z.string().nullable(),
  releasedAt: z.iso.datetime({ offset: true }).nullable(),
  updateAvailable: z.boolean(),
  /** The latest version's major number is above the running one's. */
  majorUpdate: z.boolean(),
  /** Markdown of the versions newer than the running one, newest first. */
  changelog: z.string(),
  /** Whether there is a file for the plugin's platform in the latest version. */
  platformAvailable: z.boolean(),
  /** null without a licence key. */
  entitled: z.boolean().nullable(),
  /** Where the shopper downloads it (the account page). */
  downloadUrl: z.url(),
});
export type ReleasesCheckResponse = z.infer<typeof releasesCheckResponseSchema>;

export const publicKeyResponseSchema = z.object({
  algorithm: z.literal('ed25519'),
  /** SPKI PEM. */
  pem: z.string(),
  /** The raw 32-byte public key, base64 (what libsodium's crypto_sign_verify_detached takes). */
  base64: z.string(),
});
export type PublicKeyResponse = z.infer<typeof publicKeyResponseSchema>;

/** The JSON inside a machine file's `enc`: what the plugin trusts offline once the signature holds. */
export const machineFilePayloadSchema = z.object({
  license: licensingLicenceSchema.omit({ activationsUsed: true }).extend({ key: z.string() }),
  machine: licensingMachineSchema.pick({ id: true, fingerprint: true, name: true, platform: true }),
  meta: z.object({
    issued: z.iso.datetime({ offset: true }),
    /** After this the plugin must reach the store again (checkout a new file). */
    expiry: z.iso.datetime({ offset: true }),
    /** Seconds between issued and expiry. */
    ttl: z.number().int().positive(),
  }),
});
export type MachineFilePayload = z.infer<typeof machineFilePayloadSchema>;

// ---------------------------------------------------------------------------
// The shopper's side (session): the account's licence panel and upgrade pricing.

/** `GET /api/account/licences`: each licence with its computers. */
export const accountLicenceMachinesSchema = z.object({
  licenses: z.array(
    z.object({
      licenseKey: z.string(),
      product: productPathSchema,
      productName: z.string(),
      type: z.enum(['perpetual', 'trial', 'nfr']),
      status: z.enum(['active', 'expired', 'revoked']),
      expiresAt: z.iso.datetime({ offset: true }).nullable(),
      maxMachines: z.number().int().positive(),
      activationsUsed: z.number().int().nonnegative(),
      machines: z.array(licensingMachineSchema),
      /** Deactivations left in the current 30 days, and when the next one is possible once none are. */
      deactivationsLeft: z.number().int().nonnegative(),
      nextDeactivationAt: z.iso.datetime({ offset: true }).nullable(),
      /** 'reMIDI 3' when this licence was bought as an upgrade of an older key. */
      upgradedFrom: z.string().nullable(),
    }),
  ),
});
export type AccountLicenceMachines = z.infer<typeof accountLicenceMachinesSchema>;

/** `DELETE /api/account/licences/{licenseKey}/machines/{machineId}` */
export const accountMachineParamsSchema = z.object({ licenseKey: licenceKeyInputSchema, machineId: z.uuid() });

/** `POST /api/licensing/upgrade-coupons`: an old key for a one-time coupon on the new product. */
export const upgradeCouponRequestSchema = z.object({ product: productPathSchema, legacyKey: licenceKeyInputSchema });
export type UpgradeCouponRequest = z.input<typeof upgradeCouponRequestSchema>;

export const upgradeCouponResponseSchema = z.object({
  couponCode: z.string(),
  percentOff: z.number().int().min(1).max(100),
  /** 'reMIDI 3' */
  fromName: z.string(),
  product: productPathSchema,
});
export type UpgradeCouponResponse = z.infer<typeof upgradeCouponResponseSchema>;
