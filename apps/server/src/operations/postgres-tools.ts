import pg from 'pg';
import { OperationError, runCommand } from './run-command';

/**
 * pg_dump and pg_restore get the URL without its password, which travels in PGPASSWORD:
 * a command line is visible to every user of the machine (`ps`).
 */
function connection(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { url: parsed.toString(), env };
}

export async function dumpPostgres(url: string, output: string) {
  const { url: safeUrl, env } = connection(url);
  await runCommand('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${output}`, `--dbname=${safeUrl}`], {
    env,
    what: 'pg_dump',
  });
}

/** One transaction: a failed restore leaves the database as empty as it was. */
export async function restorePostgres(url: string, dump: string) {
  const { url: safeUrl, env } = connection(url);
  await runCommand('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${safeUrl}`, dump], {
    env,
    what: 'pg_restore',
  });
}

/** Refuses a database that already has tables, views or sequences outside PostgreSQL's own schemas. */
export async function assertEmptyPostgres(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
       order by 1 limit 3`,
    );
    if (rows.length > 0) {
      throw new OperationError(
        `the database in DATABASE_URL is not empty (it has ${rows.map((row) => row.name).join(', ')}…); restore only into a new, empty database`,
      );
    }
  } finally {
    await client.end();
  }
}
