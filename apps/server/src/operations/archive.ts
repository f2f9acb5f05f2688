import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { OperationError, runCommand } from './run-command';

/**
 * A backup is one gzip'd tar (made and read by the system's GNU tar) whose root mirrors DATA_DIR,
 * plus `manifest.json` and the database dump in `database/`.
 */
export const MANIFEST_NAME = 'manifest.json';
export const DATABASE_DUMP = { pglite: 'database/pglite.tar.gz', postgresql: 'database/postgresql.dump' } as const;
/** What DATA_DIR holds besides the database; anything else there (old backups, the lock) is left out. */
export const DATA_DIR_ENTRIES = ['files', 'media', 'content', 'secrets.json', 'idp-jwks.json'];

const manifestSchema = z.object({
  format: z.literal('songwish-backup'),
  version: z.literal(1),
  created: z.string(),
  database: z.object({ engine: z.enum(['pglite', 'postgresql']) }),
  files: z.array(z.object({ path: z.string().min(1), size: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = Manifest['files'][number];

export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new OperationError(`${MANIFEST_NAME} is not JSON: this is not a SongWish backup`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new OperationError(`${MANIFEST_NAME} is not a SongWish backup manifest (version 1): ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

export async function writeManifest(file: string, manifest: Manifest) {
  await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

export interface FoundFile extends ManifestFile {
  /** Modification time when hashed, to notice a file that changes while the archive is written. */
  mtimeMs: number;
}

/** Every regular file below `root`'s `entries` (relative paths with `/`), hashed; links and special files are refused. */
export async function hashTree(root: string, entries: string[]): Promise<FoundFile[]> {
  const found: FoundFile[] = [];
  const visit = async (relative: string) => {
    const stats = await lstat(path.join(root, relative));
    if (stats.isDirectory()) {
      for (const name of (await readdir(path.join(root, relative))).sort()) await visit(`${relative}/${name}`);
    } else if (stats.isFile()) {
      found.push({ path: relative, size: stats.size, sha256: await sha256File(path.join(root, relative)), mtimeMs: stats.mtimeMs });
    } else {
      throw new OperationError(`${path.join(root, relative)} is a link or special file; a backup holds only regular files`);
    }
  };
  for (const entry of entries) {
    const exists = await lstat(path.join(root, entry)).then(
      () => true,
      () => false,
    );
    if (exists) await visit(entry);
  }
  return found;
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .once('error', reject)
      .once('end', () => resolve(hash.digest('hex')));
  });
}

/** The folders that hold `files`, parents first, so the archive restores each folder before its files. */
export function foldersOf(files: string[]): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let depth = 1; depth < parts.length; depth += 1) folders.add(parts.slice(0, depth).join('/'));
  }
  return [...folders].sort();
}

/**
 * Writes `output` (which must exist, so its mode is kept) from the backup's own files in
 * `staging` and the named members of DATA_DIR, listed in `listFile` NUL-separated so that no
 * file name can read as an option.
 */
export async function createTarGz(output: string, parts: { staging: string; ownNames: string[]; dataDir: string; dataNames: string[]; listFile: string }) {
  await writeFile(parts.listFile, parts.dataNames.map((name) => `${name}\0`).join(''));
  const args = ['--create', '--gzip', `--file=${output}`, '--no-recursion', '--format=posix'];
  args.push(`--directory=${parts.staging}`, ...parts.ownNames.map((name) => `./${name}`));
  args.push(`--directory=${parts.dataDir}`, '--null', '--verbatim-files-from', `--files-from=${parts.listFile}`);
  await runCommand('tar', args, { what: 'writing the archive' });
}

export interface ArchiveEntry {
  /** The member's name, without a leading `./`. */
  name: string;
  /** GNU tar's type letter: `-` file, `d` folder, `l` symbolic link, `h` hard link, … */
  type: string;
}

/** Lists an archive, reading it whole: a truncated or damaged archive fails here. */
export async function listArchive(file: string): Promise<ArchiveEntry[]> {
  const what = `reading ${file} (damaged or truncated?)`;
  const names = (await runCommand('tar', ['--list', '--gzip', `--file=${file}`], { what })).split('\n').filter(Boolean);
  const types = (await runCommand('tar', ['--list', '--verbose', '--gzip', `--file=${file}`], { what })).split('\n').filter(Boolean);
  if (names.length !== types.length) throw new OperationError(`${file} has member names that cannot be listed safely`);
  return names.map((name, index) => ({ name: name.replace(/^\.\//, '').replace(/\/$/, ''), type: types[index]!.charAt(0) }));
}

/** Refuses any member that could write outside the folder it is extracted into, or is not a plain file or folder. */
export function assertSafeEntries(file: string, entries: ArchiveEntry[]) {
  for (const entry of entries) {
    const parts = entry.name.split('/');
    if (entry.name.startsWith('/') || parts.includes('..')) throw new OperationError(`${file} holds an unsafe path (${entry.name}): refusing to restore it`);
    if (entry.type !== '-' && entry.type !== 'd') throw new OperationError(`${file} holds a link or special file (${entry.name}): refusing to restore it`);
  }
  if (!entries.some((entry) => entry.name === MANIFEST_NAME)) throw new OperationError(`${file} has no ${MANIFEST_NAME}: it is not a SongWish backup`);
}

/** Files come out owned by the restoring user, under its umask: an archive cannot plant setuid files or foreign owners. */
export async function extractArchive(file: string, into: string) {
  await runCommand('tar', ['--extract', '--gzip', `--file=${file}`, `--directory=${into}`, '--no-same-owner', '--no-same-permissions'], {
    what: `extracting ${file}`,
  });
}
