/**
 * The licensing API's shapes, written out by hand so this package has no dependencies (plugin
 * developers copy it). They mirror the store's contracts (packages/contracts/src/licensing.ts);
 * a type test in client.test.ts fails when the two drift apart. Dates are ISO 8601 strings.
 */

export type LicensingPlatform = 'macos' | 'windows' | 'linux';

/** Every outcome a licence check can have (`POST /validate` answers one of these with 200). */
export type LicenceCode = 'VALID' | 'NO_MACHINE' | 'TOO_MANY_MACHINES' | 'PRODUCT_MISMATCH' | 'EXPIRED' | 'REVOKED' | 'NOT_FOUND';

/** Every code a refusal (4xx) can carry: the licence codes and those only a change or a request can meet. */
export type LicensingCode = LicenceCode | 'TOO_MANY_DEACTIVATIONS' | 'TRIAL_ALREADY_USED' | 'RATE_LIMITED' | 'INVALID_REQUEST';

export type LicenceType = 'perpetual' | 'trial' | 'nfr';
export type LicenceStatus = 'active' | 'expired' | 'revoked';

/** `license` in every answer. */
export interface LicensingLicence {
  /** The product's path in the store, e.g. 'remidi-4'. */
  product: string;
  type: LicenceType;
  /** 'expired' once a trial's `expiresAt` has passed. */
  status: LicenceStatus;
  expiresAt: string | null;
  maxMachines: number;
  activationsUsed: number;
}

export interface LicensingMachine {
  id: string;
  fingerprint: string;
  name: string | null;
  platform: LicensingPlatform | null;
  activatedAt: string;
  lastSeenAt: string;
}

export interface ActivateRequest {
  licenseKey: string;
  /** 8–200 printable ASCII characters without spaces, stable across reinstalls (see suggestFingerprint). */
  fingerprint: string;
  /** Shown to the shopper in their account, e.g. 'Studio Mac'. */
  machineName?: string;
  platform?: LicensingPlatform;
  appVersion?: string;
}

/** `POST /activate`: 201 for a new activation, 200 when this fingerprint was already active. */
export interface ActivateResponse {
  valid: true;
  code: 'VALID';
  license: LicensingLicence;
  machine: LicensingMachine;
  /** A machine file to store on disk for offline checks (verifyMachineFile). */
  machineFile: string;
}

export interface KeyAndFingerprint {
  licenseKey: string;
  fingerprint: string;
}

/** `POST /validate`: 200 for every well-formed request; `valid` and `code` say the outcome. */
export interface ValidateResponse {
  valid: boolean;
  code: LicenceCode;
  /** What to tell the shopper when not valid. */
  message?: string;
  /** Absent for NOT_FOUND. */
  license?: LicensingLicence;
  machine?: LicensingMachine;
}

export interface DeactivateResponse {
  deactivated: true;
  activationsUsed: number;
}

/** `POST /checkout-file`: a fresh machine file for a computer that is about to work offline. */
export interface CheckoutFileResponse {
  machineFile: string;
  issued: string;
  expiry: string;
}

export interface ReleasesCheckRequest {
  platform: LicensingPlatform;
  /** The version the plugin runs, e.g. '4.1.0'. */
  version: string;
  /** When given, the answer says whether this licence is entitled to the latest version. */
  licenseKey?: string;
}

export interface ReleasesCheckResponse {
  product: string;
  latestVersion: string | null;
  releasedAt: string | null;
  updateAvailable: boolean;
  /** The latest version's major number is above the running one's. */
  majorUpdate: boolean;
  /** Markdown of the versions newer than the running one, newest first. */
  changelog: string;
  /** Whether the latest version has a file for the plugin's platform. */
  platformAvailable: boolean;
  /** null without a licence key. */
  entitled: boolean | null;
  /** Where the shopper downloads it (their account page). */
  downloadUrl: string;
}

export interface PublicKeyResponse {
  algorithm: 'ed25519';
  /** SPKI PEM. */
  pem: string;
  /** The raw 32-byte key in base64 (what libsodium's crypto_sign_verify_detached takes). */
  base64: string;
}

/** Every refusal's body (4xx). */
export interface LicensingRefusal {
  valid: false;
  code: LicensingCode;
  message: string;
  /** For INVALID_REQUEST: the message per field. */
  fields?: Record<string, string>;
}

/** The JSON inside a machine file's `enc`: what a plugin may trust offline once the signature holds. */
export interface MachineFilePayload {
  license: Omit<LicensingLicence, 'activationsUsed'> & { key: string };
  machine: Pick<LicensingMachine, 'id' | 'fingerprint' | 'name' | 'platform'>;
  meta: {
    issued: string;
    /** After this the plugin must reach the store again (checkoutFile). */
    expiry: string;
    /** Seconds between issued and expiry. */
    ttl: number;
  };
}
