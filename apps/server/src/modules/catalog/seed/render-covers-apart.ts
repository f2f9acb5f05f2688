import { runCommand } from '#server/operations/run-command.ts';
import type { CoverRenderer } from './seed-catalog';

/**
 * The built `render-covers.js` beside the bundle, run by this Node.js; rejects with its error
 * output when it fails. Aborting `signal` (the store stopping) stops it: it must not go on writing
 * into the data folder of a stopped store (each WebP is written under a temporary name first). A
 * store killed outright cannot abort it: the renderer then sees its channel to the store close.
 */
export function renderCoversApart(script: string, signal?: AbortSignal): CoverRenderer {
  return async (mediaDir, productPaths) => {
    await runCommand(process.execPath, [script, mediaDir, ...productPaths], {
      what: 'Rendering the seed covers',
      channel: true,
      ...(signal ? { signal } : {}),
    });
  };
}
