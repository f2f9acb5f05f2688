import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_FOLDER, openDatabase, PGLITE_TEMPLATE_FILE, unpackTemplate } from '../src/db/client';
import { PGLITE_DATABASE, PGLITE_SHARED_BUFFERS, pgliteOptions } from '../src/db/pglite-options';
import { runCommand } from '../src/operations/run-command';

describe('unpacking the PGlite template into a new data folder', () => {
  let scratch: string;
  let template: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'pglite-template-'));
    // Shaped like PGlite's dumpDataDir: members named from the root of the database folder.
    const source = path.join(scratch, 'source');
    await mkdir(path.join(source, 'base'), { recursive: true });
    await writeFile(path.join(source, 'PG_VERSION'), '17\n');
    await writeFile(path.join(source, 'base', 'table'), 'rows');
    template = path.join(scratch, 'template.tar.gz');
    await runCommand('tar', ['-czf', template, '-C', source, 'PG_VERSION', 'base'], { what: 'packing the test template' });
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('unpacks into a missing folder and leaves no unpacking folder behind', async () => {
    const dataDir = path.join(scratch, 'missing', 'pglite');
    await mkdir(path.dirname(dataDir));
    expect(await unpackTemplate(dataDir, template)).toBe(true);
    expect(await readFile(path.join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(await readFile(path.join(dataDir, 'base', 'table'), 'utf8')).toBe('rows');
    expect(await readdir(path.dirname(dataDir))).toEqual(['pglite']);
  });

  it('unpacks into an empty folder', async () => {
    const dataDir = path.join(scratch, 'empty', 'pglite');
    await mkdir(dataDir, { recursive: true });
    expect(await unpackTemplate(dataDir, template)).toBe(true);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  });

  it('never touches a folder that holds anything', async () => {
    const dataDir = path.join(scratch, 'used', 'pglite');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'postmaster.opts'), 'kept');
    expect(await unpackTemplate(dataDir, template)).toBe(false);
    expect(await readdir(dataDir)).toEqual(['postmaster.opts']);
  });

  it('leaves the folder as it was when the archive is damaged, so PGlite loads it instead', async () => {
    const damaged = path.join(scratch, 'damaged.tar.gz');
    await writeFile(damaged, (await readFile(template)).subarray(0, 20));
    const dataDir = path.join(scratch, 'damaged', 'pglite');
    await mkdir(path.dirname(dataDir));
    await expect(unpackTemplate(dataDir, damaged)).rejects.toThrow(/Unpacking the database template failed/);
    expect(await readdir(path.dirname(dataDir))).toEqual([]);
  });
});

describe('opening a new PGlite folder whose template tar cannot unpack', () => {
  it('opens the database all the same, and says why the template was not unpacked', async () => {
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'pglite-bad-template-'));
    const damaged = path.join(scratch, 'damaged.tar.gz');
    await writeFile(damaged, 'not a tarball');
    const database = await openDatabase({ engine: 'pglite', dataDir: path.join(scratch, 'pglite'), template: damaged });
    try {
      expect(database.templateProblem).toMatch(/Unpacking the database template failed/);
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await database.close();
      await rm(scratch, { recursive: true, force: true });
    }
  });
});

describe("the build's template (dist/pglite-template.tar.gz, made by npm install)", () => {
  it("holds every migration in the database the store opens, which runs with the store's buffer cache", async () => {
    const template = fileURLToPath(new URL(`../dist/${PGLITE_TEMPLATE_FILE}`, import.meta.url));
    expect(existsSync(template), `${template} is missing: run npm run build`).toBe(true);
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'pglite-built-template-'));
    await unpackTemplate(path.join(scratch, 'pglite'), template);
    const database = await PGlite.create(path.join(scratch, 'pglite'), pgliteOptions());
    try {
      const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const applied = await database.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0]?.n).toBe(journal.entries.length);
      expect((await database.query<{ db: string }>('select current_database() as db')).rows[0]?.db).toBe(PGLITE_DATABASE);
      expect((await database.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
    } finally {
      await database.close();
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
