import { spawn } from 'node:child_process';

/** A problem the operator can fix (bad archive, busy folder…): the commands print only its message. */
export class OperationError extends Error {
  override name = 'OperationError';
}

/**
 * Runs a program without a shell; resolves with its standard output, rejects with its standard
 * error. With `signal`, aborting it kills the command (SIGTERM). With `channel`, the command gets an IPC
 * channel, which closes when this process dies even by SIGKILL (when no signal can be passed on):
 * a command that writes into the store's data folder watches it to stop with the store.
 */
export function runCommand(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; what: string; signal?: AbortSignal; channel?: boolean },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe', options.channel ? 'ipc' : 'ignore'],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    let stdout = '';
    let stderr = '';
    // Pipes both; a fourth stdio entry only makes their types say "possibly absent".
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error: NodeJS.ErrnoException) => {
      const missing = error.code === 'ENOENT' ? ` (is ${command} installed and on PATH?)` : '';
      reject(new OperationError(`${options.what} failed: ${error.message}${missing}`));
    });
    child.once('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new OperationError(`${options.what} failed (${command} exit ${code ?? signal}): ${stderr.trim() || 'no message'}`));
    });
  });
}
