// Builds what is out of date: the web app (Vite) and the server bundle (esbuild).
// A target is rebuilt when the content hash of its inputs changed since its last build,
// or its output is missing. Flags: --force rebuilds everything, --quiet prints less.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'node_modules', '.cache', 'store-build-stamps.json');
const force = process.argv.includes('--force');
const quiet = process.argv.includes('--quiet');

const shared = ['packages/contracts/src', 'packages/content', 'package-lock.json'];
const targets = [
  {
    name: 'server',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'apps/server/drizzle', ...shared],
    output: 'apps/server/dist/main.js',
    command: [process.execPath, ['apps/server/build.mjs']],
  },
  {
    name: 'web',
    inputs: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', ...shared],
    output: 'apps/web/dist/index.html',
    command: [process.execPath, ['node_modules/vite/bin/vite.js', 'build', 'apps/web', '--logLevel', quiet ? 'warn' : 'info']],
    after: () => precompress(path.join(root, 'apps/web/dist')),
  },
  {
    // The same app for Node: the server renders the storefront's pages with it (entry-server.tsx).
    name: 'web-server',
    inputs: ['apps/web/src', 'apps/web/vite.config.ts', 'apps/web/package.json', ...shared],
    output: 'apps/web/dist-server/entry-server.js',
    command: [
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', 'apps/web', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-server', '--logLevel', quiet ? 'warn' : 'info'],
    ],
  },
];

/** `only`: the names of the targets to consider (a test that runs the built server needs no web app). */
export function buildIfStale({ only } = {}) {
  const stamps = readStamps();
  for (const target of targets) {
    if (only && !only.includes(target.name)) continue;
    const hash = hashInputs(target.inputs);
    if (!force && stamps[target.name] === hash && existsSync(path.join(root, target.output))) continue;
    const started = Date.now();
    if (!quiet) console.log(`Building ${target.name}…`);
    const [command, args] = target.command;
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`Building ${target.name} failed (exit ${result.status ?? result.signal})`);
    target.after?.();
    stamps[target.name] = hash;
    writeStamps(stamps);
    console.log(`Built ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

const COMPRESSIBLE = /\.(js|css|svg|json|txt|html|map|webmanifest|mjs)$/;

/** Writes .br and .gz beside every compressible file, so the server never compresses per request. */
function precompress(dir) {
  for (const file of listFiles(dir)) {
    if (!COMPRESSIBLE.test(file) || file.endsWith('index.html')) continue;
    const bytes = readFileSync(file);
    if (bytes.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

function hashInputs(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of listFiles(path.join(root, input))) {
      hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

function listFiles(entry) {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry, { withFileTypes: true })
    .filter((dirent) => dirent.name !== 'node_modules' && dirent.name !== 'dist' && !dirent.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((dirent) => listFiles(path.join(entry, dirent.name)));
}

function readStamps() {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return {};
  }
}

function writeStamps(stamps) {
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, JSON.stringify(stamps, null, 2));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    buildIfStale();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/** For the commands that run the built server (start, backup, restore): build what is stale, or say why not and exit 1. */
export function buildIfStaleOrExit() {
  try {
    buildIfStale();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
