import { sign, verify, type KeyObject } from 'node:crypto';
import { machineFilePayloadSchema, type MachineFilePayload } from '@store/contracts';

/**
 * Machine files in Keygen's published format, so its verification examples carry over:
 *
 *   -----BEGIN MACHINE FILE-----
 *   base64 of {"enc": base64(payload JSON), "sig": base64(Ed25519 over "machine/" + enc), "alg": "base64+ed25519"}
 *   -----END MACHINE FILE-----
 *
 * The body is wrapped at 64 characters; readers ignore the line breaks.
 */
export const MACHINE_FILE_ALGORITHM = 'base64+ed25519';
const HEADER = '-----BEGIN MACHINE FILE-----';
const FOOTER = '-----END MACHINE FILE-----';
const SIGNING_PREFIX = 'machine/';

export function signMachineFile(payload: MachineFilePayload, privateKey: KeyObject): string {
  const enc = Buffer.from(JSON.stringify(payload)).toString('base64');
  const sig = sign(null, Buffer.from(SIGNING_PREFIX + enc), privateKey).toString('base64');
  const body = Buffer.from(JSON.stringify({ enc, sig, alg: MACHINE_FILE_ALGORITHM })).toString('base64');
  return `${HEADER}\n${body.match(/.{1,64}/g)!.join('\n')}\n${FOOTER}\n`;
}

export type MachineFileReading = { ok: true; payload: MachineFilePayload } | { ok: false; reason: 'malformed' | 'bad-signature' | 'expired' | 'other-machine' };

/** Reads and checks a machine file as a plugin would offline: format, signature, expiry, fingerprint. */
export function readMachineFile(file: string, publicKey: KeyObject, fingerprint: string, now: Date): MachineFileReading {
  const body = file.trim();
  if (!body.startsWith(HEADER) || !body.endsWith(FOOTER)) return { ok: false, reason: 'malformed' };
  let envelope: { enc?: unknown; sig?: unknown; alg?: unknown };
  try {
    envelope = JSON.parse(Buffer.from(body.slice(HEADER.length, -FOOTER.length).replace(/\s+/g, ''), 'base64').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const { enc, sig, alg } = envelope;
  if (typeof enc !== 'string' || typeof sig !== 'string' || alg !== MACHINE_FILE_ALGORITHM) return { ok: false, reason: 'malformed' };
  if (!verify(null, Buffer.from(SIGNING_PREFIX + enc), publicKey, Buffer.from(sig, 'base64'))) return { ok: false, reason: 'bad-signature' };
  let parsed;
  try {
    parsed = machineFilePayloadSchema.safeParse(JSON.parse(Buffer.from(enc, 'base64').toString('utf8')));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const payload = parsed.data;
  if (payload.machine.fingerprint !== fingerprint) return { ok: false, reason: 'other-machine' };
  if (Date.parse(payload.meta.expiry) <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}
