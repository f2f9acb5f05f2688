import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readMachineId, suggestFingerprint } from './fingerprint';

describe('suggestFingerprint', () => {
  it('keys the machine id by the app id: stable, 64 hex characters, and never the id itself', async () => {
    const readId = () => Promise.resolve('3d1219c7c4c5404aaa1f6d2a48adfda4\n');
    const first = await suggestFingerprint({ appId: 'com.example.remidi', readMachineId: readId });
    expect(first).toEqual({ fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/), source: 'machine-id' });
    expect(await suggestFingerprint({ appId: 'com.example.remidi', readMachineId: readId })).toEqual(first);
    expect((await suggestFingerprint({ appId: 'com.example.other', readMachineId: readId })).fingerprint).not.toBe(first.fingerprint);
    expect(first.fingerprint).not.toContain('3d1219c7');
  });

  it('falls back to the host’s name and hardware when no id can be read, and says so', async () => {
    const none = await suggestFingerprint({ readMachineId: () => Promise.resolve(null) });
    const failing = await suggestFingerprint({ readMachineId: () => Promise.reject(new Error('EACCES')) });
    expect(none).toEqual({ fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/), source: 'fallback' });
    expect(failing).toEqual(none);
  });

  it.runIf(process.platform === 'linux' && existsSync('/etc/machine-id'))('reads /etc/machine-id on Linux', async () => {
    const expected = readFileSync('/etc/machine-id', 'utf8').trim();
    expect(await readMachineId('linux')).toBe(expected);
  });

  it('reads nothing on a platform it does not know', async () => {
    expect(await readMachineId('aix')).toBeNull();
  });
});
