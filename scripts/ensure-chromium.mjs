// End-to-end tests run in Debian's Chromium, never a downloaded browser.
// Installs it with apt when missing and running as root; otherwise explains how.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `\nChromium is not installed at ${CHROMIUM_PATH}. The end-to-end tests need Debian's Chromium:\n\n` +
        '    sudo apt-get update && sudo apt-get install -y chromium\n\n' +
        'or set CHROMIUM_PATH to another Chromium binary.\n',
    );
    process.exit(1);
  }
  console.log('Chromium is missing; installing Debian’s chromium package…');
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; install chromium by hand and run the tests again.`);
      process.exit(1);
    }
  }
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`chromium was installed but ${CHROMIUM_PATH} does not exist; set CHROMIUM_PATH.`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) ensureChromium();
