import { describe, expect, it } from 'vitest';
import { checkDownloadGrant, signedDownloadPath } from './signed-download-url';

const SECRET = 'download-secret-for-tests-0123456789';

function signatureOf(path: string) {
  return new URL(path, 'http://store').searchParams.get('signature')!;
}

describe('signed download links', () => {
  const grant = { fileId: 7, entitlementId: 3, expires: 2_000_000_000 };

  it('verify for the grant they were made for until they expire', () => {
    const path = signedDownloadPath(SECRET, grant);
    expect(path).toMatch(/^\/api\/downloads\/7\?entitlement=3&expires=2000000000&signature=[\w-]+$/);
    const signature = signatureOf(path);
    expect(checkDownloadGrant(SECRET, grant, signature, 1_000_000_000_000)).toBe('valid');
    expect(checkDownloadGrant(SECRET, grant, signature, 2_000_000_001_000)).toBe('expired');
  });

  it('cannot be moved to another file, entitlement or expiry', () => {
    const signature = signatureOf(signedDownloadPath(SECRET, grant));
    expect(checkDownloadGrant(SECRET, { ...grant, fileId: 8 }, signature)).toBe('invalid');
    expect(checkDownloadGrant(SECRET, { ...grant, entitlementId: 4 }, signature)).toBe('invalid');
    expect(checkDownloadGrant(SECRET, { ...grant, expires: grant.expires + 1 }, signature)).toBe('invalid');
    expect(checkDownloadGrant('another-secret-another-secret-00', grant, signature)).toBe('invalid');
    expect(checkDownloadGrant(SECRET, grant, '')).toBe('invalid');
  });
});
