import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { MachineFilePayload } from './types';

/**
 * Offline verification of a machine file, in Keygen's published format:
 *
 *   -----BEGIN MACHINE FILE-----
 *   base64 of {"enc": base64(payload JSON), "sig": base64(Ed25519 over "machine/" + enc), "alg": "base64+ed25519"}
 *   -----END MACHINE FILE-----
 */
export const MACHINE_FILE_ALGORITHM = 'base64+ed25519';
const HEADER = '-----BEGIN MACHINE FILE-----';
const FOOTER = '-----END MACHINE FILE-----';
const SIGNING_PREFIX = 'machine/';
/** How far ahead of this computer's clock a file may have been issued (clocks drift a little). */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** The DER prefix that makes a raw 32-byte Ed25519 key an SPKI structure (RFC 8410). */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export type MachineFileFailure = 'malformed' | 'bad-signature' | 'expired' | 'other-machine' | 'not-yet-valid' | 'other-product';
export type MachineFileVerification =
  | ({ ok: true } & MachineFilePayload)
  | {
      ok: false;
      /**
       * malformed: not a machine file; bad-signature: changed, or signed with another key;
       * expired: past meta.expiry (or the licence's expiresAt); other-machine: another fingerprint;
       * not-yet-valid: issued after this computer's clock (the clock was set back);
       * other-product: only when options.product is given and the file is for another product.
       */
      reason: MachineFileFailure;
    };

export interface VerifyOptions {
  /** The product this plugin is: a file for another product of the same store is refused. Recommended. */
  product?: string;
}

/**
 * Checks a machine file without the network: armour, algorithm, the Ed25519 signature over
 * `machine/` + enc, the fingerprint, and the validity window. Never throws on a bad file; throws a
 * TypeError only when `publicKey` is not an Ed25519 public key, a mistake in the plugin's build.
 *
 * @param publicKey the store's key as SPKI PEM, as the raw 32 bytes in base64, or a KeyObject
 */
export function verifyMachineFile(
  file: string,
  publicKey: string | KeyObject,
  fingerprint: string,
  now: Date = new Date(),
  options: VerifyOptions = {},
): MachineFileVerification {
  const key = typeof publicKey === 'string' ? importPublicKey(publicKey) : publicKey;
  if (key.asymmetricKeyType !== 'ed25519') throw new TypeError('The public key is not an Ed25519 key');
  const envelope = readEnvelope(file);
  if (!envelope) return { ok: false, reason: 'malformed' };
  if (!signatureHolds(envelope, key)) return { ok: false, reason: 'bad-signature' };
  const payload = readPayload(envelope.enc);
  if (!payload) return { ok: false, reason: 'malformed' };
  const reason = refusal(payload, fingerprint, now, options);
  return reason ? { ok: false, reason } : { ok: true, ...payload };
}

/** The public key as SPKI PEM or raw base64; a TypeError names what is wrong with it. */
export function importPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  try {
    if (trimmed.includes('-----BEGIN')) return createPublicKey(trimmed);
    const raw = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
    if (raw.length !== 32) throw new Error('not 32 bytes');
    return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
  } catch {
    throw new TypeError('The public key must be an Ed25519 SPKI PEM or its raw 32 bytes in base64 (GET /api/licensing/v1/public-key)');
  }
}

interface Envelope {
  enc: string;
  sig: string;
}

function readEnvelope(file: unknown): Envelope | null {
  if (typeof file !== 'string') return null;
  const text = file.trim();
  if (!text.startsWith(HEADER) || !text.endsWith(FOOTER)) return null;
  const body = text.slice(HEADER.length, -FOOTER.length).replace(/\s+/g, '');
  if (body.length === 0 || !BASE64.test(body)) return null;
  const envelope = parseJson(Buffer.from(body, 'base64').toString('utf8'));
  if (!isRecord(envelope) || envelope.alg !== MACHINE_FILE_ALGORITHM) return null;
  const { enc, sig } = envelope;
  if (typeof enc !== 'string' || typeof sig !== 'string' || !BASE64.test(enc) || !BASE64.test(sig)) return null;
  return { enc, sig };
}

function signatureHolds({ enc, sig }: Envelope, key: KeyObject): boolean {
  const signature = Buffer.from(sig, 'base64');
  if (signature.length !== 64) return false;
  try {
    return verify(null, Buffer.from(SIGNING_PREFIX + enc), key, signature);
  } catch {
    return false;
  }
}

/** The signed payload, checked field by field: a signed file from a future store version may differ. */
function readPayload(enc: string): MachineFilePayload | null {
  const payload = parseJson(Buffer.from(enc, 'base64').toString('utf8'));
  if (!isRecord(payload) || !isRecord(payload.license) || !isRecord(payload.machine) || !isRecord(payload.meta)) return null;
  const { license, machine, meta } = payload;
  const wellFormed =
    typeof license.key === 'string' &&
    typeof license.product === 'string' &&
    typeof license.type === 'string' &&
    typeof license.status === 'string' &&
    (license.expiresAt === null || isDate(license.expiresAt)) &&
    typeof license.maxMachines === 'number' &&
    typeof machine.id === 'string' &&
    typeof machine.fingerprint === 'string' &&
    isDate(meta.issued) &&
    isDate(meta.expiry) &&
    typeof meta.ttl === 'number';
  return wellFormed ? (payload as unknown as MachineFilePayload) : null;
}

function refusal(payload: MachineFilePayload, fingerprint: string, now: Date, options: VerifyOptions): MachineFileFailure | null {
  if (payload.machine.fingerprint !== fingerprint) return 'other-machine';
  if (options.product !== undefined && payload.license.product !== options.product) return 'other-product';
  const time = now.getTime();
  if (Date.parse(payload.meta.issued) > time + CLOCK_SKEW_MS) return 'not-yet-valid';
  if (Date.parse(payload.meta.expiry) <= time) return 'expired';
  // The store never signs a file past a trial's end; checked anyway so a reader needs no such trust.
  if (payload.license.expiresAt !== null && Date.parse(payload.license.expiresAt) <= time) return 'expired';
  return null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDate(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}
