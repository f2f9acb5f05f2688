import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Download links carry their own proof: the file, the entitlement that grants it and an
 * expiry, signed with DOWNLOAD_SIGNING_SECRET. No session is needed, so a link in an
 * email works on any device until it expires, and cannot be altered to fetch another file.
 */
export interface DownloadGrant {
  fileId: number;
  entitlementId: number;
  /** Unix time in seconds. */
  expires: number;
}

function signature(secret: string, grant: DownloadGrant): string {
  return createHmac('sha256', secret).update(`download:${grant.fileId}:${grant.entitlementId}:${grant.expires}`).digest('base64url');
}

export function signedDownloadPath(secret: string, grant: DownloadGrant): string {
  const query = new URLSearchParams({
    entitlement: String(grant.entitlementId),
    expires: String(grant.expires),
    signature: signature(secret, grant),
  });
  return `/api/downloads/${grant.fileId}?${query.toString()}`;
}

export type GrantCheck = 'valid' | 'expired' | 'invalid';

export function checkDownloadGrant(secret: string, grant: DownloadGrant, received: string, now = Date.now()): GrantCheck {
  const expected = Buffer.from(signature(secret, grant));
  const given = Buffer.from(received);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return grant.expires * 1000 < now ? 'expired' : 'valid';
}
