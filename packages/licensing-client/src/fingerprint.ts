import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';

/**
 * A suggested fingerprint: HMAC-SHA256 of the operating system's machine id, keyed by an app id
 * (so the raw id never leaves the computer, and two vendors' fingerprints do not match, as systemd
 * recommends for /etc/machine-id). 64 hex characters.
 *
 * Sources: Linux /etc/machine-id (or /var/lib/dbus/machine-id); macOS IOPlatformUUID from `ioreg`;
 * Windows MachineGuid from the registry. These survive reinstalling the plugin and the DAW, and
 * change on an OS reinstall (and, on Linux, when a cloned image is re-provisioned): the shopper
 * then frees the old seat in their account. A virtual machine cloned with its id shares it.
 *
 * When no id is readable (a sandbox, a locked-down machine) the fallback hashes the host name,
 * platform, architecture and CPU model: it changes when the computer is renamed, and two identical
 * computers with the same name share it. `source` says which one was used.
 */
export interface SuggestedFingerprint {
  fingerprint: string;
  source: 'machine-id' | 'fallback';
}

export interface SuggestFingerprintOptions {
  /** Your plugin's or company's id, e.g. 'com.example.remidi'. */
  appId?: string;
  /** For tests: where the machine id comes from. */
  readMachineId?: () => Promise<string | null>;
}

export async function suggestFingerprint(options: SuggestFingerprintOptions = {}): Promise<SuggestedFingerprint> {
  const appId = options.appId ?? 'songwish-licensing';
  const machineId = await (options.readMachineId ?? readMachineId)().catch(() => null);
  if (machineId) return { fingerprint: keyed(appId, machineId), source: 'machine-id' };
  const fallback = [os.hostname(), os.platform(), os.arch(), os.cpus()[0]?.model ?? ''].join('\n');
  return { fingerprint: keyed(appId, fallback), source: 'fallback' };
}

function keyed(appId: string, id: string): string {
  return createHmac('sha256', appId).update(id.trim().toLowerCase()).digest('hex');
}

/** The operating system's id for this computer, or null when it cannot be read. */
export async function readMachineId(platform: NodeJS.Platform = process.platform): Promise<string | null> {
  if (platform === 'linux') return (await firstFile(['/etc/machine-id', '/var/lib/dbus/machine-id'])) ?? null;
  if (platform === 'darwin') return match(await run('ioreg', ['-rd1', '-c', 'IOPlatformExpertDevice']), /"IOPlatformUUID"\s*=\s*"([^"]+)"/);
  // /reg:64 reads the 64-bit view, so a 32-bit host process sees the same value as a 64-bit one.
  if (platform === 'win32')
    return match(await run('reg', ['query', 'HKLM\\SOFTWARE\\Microsoft\\Cryptography', '/v', 'MachineGuid', '/reg:64']), /MachineGuid\s+REG_SZ\s+(\S+)/);
  return null;
}

async function firstFile(paths: string[]): Promise<string | undefined> {
  for (const path of paths) {
    const text = await readFile(path, 'utf8').catch(() => '');
    if (text.trim()) return text.trim();
  }
  return undefined;
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 5_000, windowsHide: true }, (error, stdout) => resolve(error ? '' : stdout));
  });
}

function match(text: string, pattern: RegExp): string | null {
  return pattern.exec(text)?.[1] ?? null;
}
