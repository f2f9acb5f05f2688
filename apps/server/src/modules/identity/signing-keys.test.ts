import { mkdtemp, rm, stat, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSigningKeys, SIGNING_KEYS_FILE } from './signing-keys';

const dirs: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'songwish-keys-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the embedded provider signing keys', () => {
  it('are generated once into the data directory, readable by the owner only, and reused', async () => {
    const dir = await tempDir();
    const first = await loadOrCreateSigningKeys(dir);
    expect(first.privateJwks.keys).toHaveLength(1);
    expect(first.privateJwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(first.publicJwks.keys[0]).not.toHaveProperty('d');
    expect((await stat(path.join(dir, SIGNING_KEYS_FILE))).mode & 0o777).toBe(0o600);

    await chmod(path.join(dir, SIGNING_KEYS_FILE), 0o644);
    const second = await loadOrCreateSigningKeys(dir);
    expect(second.privateJwks.keys[0]!.kid).toBe(first.privateJwks.keys[0]!.kid);
    expect((await stat(path.join(dir, SIGNING_KEYS_FILE))).mode & 0o777).toBe(0o600);
  });

  it('agree when two processes start at once', async () => {
    const dir = await tempDir();
    const [a, b] = await Promise.all([loadOrCreateSigningKeys(dir), loadOrCreateSigningKeys(dir)]);
    expect(a.privateJwks.keys[0]!.kid).toBe(b.privateJwks.keys[0]!.kid);
  });
});

describe('the embedded provider signing keys given in IDP_SIGNING_KEYS', () => {
  it('are used as given, so processes with different data directories sign alike, and no file is written', async () => {
    const made = await loadOrCreateSigningKeys(await tempDir());
    const given = JSON.stringify(made.privateJwks);
    const [a, b] = await Promise.all([loadOrCreateSigningKeys(await tempDir(), given), loadOrCreateSigningKeys(await tempDir(), given)]);
    expect(a.privateJwks).toEqual(made.privateJwks);
    expect(b.publicJwks).toEqual(made.publicJwks);
    const dir = await tempDir();
    await loadOrCreateSigningKeys(dir, given);
    await expect(stat(path.join(dir, SIGNING_KEYS_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('are refused, naming the variable, when they are not a JWK Set of RS256 private keys', async () => {
    const made = await loadOrCreateSigningKeys(await tempDir());
    await expect(loadOrCreateSigningKeys(await tempDir(), 'not json')).rejects.toThrow(/^IDP_SIGNING_KEYS is not a JWK Set/);
    await expect(loadOrCreateSigningKeys(await tempDir(), JSON.stringify(made.publicJwks))).rejects.toThrow(/^IDP_SIGNING_KEYS is not a JWK Set/);
  });
});
