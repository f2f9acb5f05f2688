import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecrets, SECRET_NAMES } from './secrets';

const tempDir = () => mkdtemp(path.join(os.tmpdir(), 'secrets-test-'));

describe('loadSecrets', () => {
  it('generates every secret into DATA_DIR once, readable only by the owner', async () => {
    const dir = await tempDir();
    const first = await loadSecrets(dir, {});
    for (const name of SECRET_NAMES) expect(first[name].length).toBeGreaterThanOrEqual(32);
    expect(new Set(Object.values(first)).size).toBe(SECRET_NAMES.length);
    const file = path.join(dir, 'secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await loadSecrets(dir, {})).toEqual(first);
  });

  it('prefers the environment and does not write it to disk', async () => {
    const dir = await tempDir();
    const fromEnv = 'x'.repeat(40);
    const secrets = await loadSecrets(dir, { SESSION_SECRET: fromEnv });
    expect(secrets.SESSION_SECRET).toBe(fromEnv);
    expect(await readFile(path.join(dir, 'secrets.json'), 'utf8')).not.toContain(fromEnv);
  });

  it('passes the embedded provider keys of IDP_SIGNING_KEYS on, and never writes them to disk', async () => {
    const dir = await tempDir();
    const keys = '{"keys":[]}';
    expect((await loadSecrets(dir, { IDP_SIGNING_KEYS: ` ${keys}\n` })).IDP_SIGNING_KEYS).toBe(keys);
    expect(await readFile(path.join(dir, 'secrets.json'), 'utf8')).not.toContain('keys');
    expect((await loadSecrets(dir, {})).IDP_SIGNING_KEYS).toBeUndefined();
  });

  it('rejects a short secret from the environment', async () => {
    await expect(loadSecrets(await tempDir(), { SESSION_SECRET: 'short' })).rejects.toThrow(/at least 32/);
  });

  it('refuses a corrupted secrets file rather than silently replacing keys', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'secrets.json'), '[1,2]');
    await expect(loadSecrets(dir, {})).rejects.toThrow(/not a JSON object/);
  });
});
