import { ConfigError, loadConfig } from '../config/env';
import { OperationError } from './run-command';

/** DATA_DIR and DATABASE_URL exactly as the store reads them, so a command acts on the store's own data. */
export function storeLocation() {
  const config = loadConfig();
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
}

/** Runs a command; a problem the operator can fix is printed as one message, anything else with its stack. */
export function runCli(name: string, command: () => Promise<string>) {
  command().then(
    (summary) => console.log(summary),
    (error: unknown) => {
      if (error instanceof OperationError || error instanceof ConfigError) console.error(`\n${name} failed: ${error.message}\n`);
      else console.error(`${name} failed:`, error);
      process.exitCode = 1;
    },
  );
}
