import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an unsubscribe link turns off; part of the signed text, so a token for one purpose cannot turn off another. */
export type UnsubscribePurpose = 'release-emails';

/**
 * A link that turns off one kind of email for one address without signing in: the address and
 * an HMAC of the lower-case address and the purpose. It never expires (old emails keep working)
 * and names only the address it was sent to.
 */
export function unsubscribeToken(secret: string, email: string, purpose: UnsubscribePurpose = 'release-emails'): string {
  const address = email.toLowerCase();
  return `${Buffer.from(address).toString('base64url')}.${signature(secret, address, purpose)}`;
}

/** The address a token was made for, or undefined when it is malformed or not signed by this store. */
export function readUnsubscribeToken(secret: string, token: string, purpose: UnsubscribePurpose = 'release-emails'): string | undefined {
  const [encoded, signed, ...rest] = token.split('.');
  if (!encoded || !signed || rest.length > 0) return undefined;
  const address = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!address.includes('@') || address !== address.toLowerCase()) return undefined;
  const expected = Buffer.from(signature(secret, address, purpose));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : undefined;
}

export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`;

/** RFC 8058 one-click unsubscribe headers for a message that offers the link. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function signature(secret: string, address: string, purpose: UnsubscribePurpose) {
  return createHmac('sha256', secret).update(`${purpose}\n${address}`).digest('base64url');
}
