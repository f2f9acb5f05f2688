import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * FastSpring's webhook signature, in one place for both ends: the orders module verifies
 * what FastSpring (or the sandbox) sends, and the sandbox signs what it delivers.
 */

/** FastSpring's signature: base64(HMAC-SHA256(secret, raw body)). */
export function signWebhookBody(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/** Constant-time comparison of the header against the signature of the exact bytes received. */
export function isValidWebhookSignature(secret: string, body: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || header.length === 0 || header.length > 200) return false;
  const expected = Buffer.from(signWebhookBody(secret, body), 'utf8');
  const received = Buffer.from(header.trim(), 'utf8');
  return expected.length === received.length && timingSafeEqual(expected, received);
}
