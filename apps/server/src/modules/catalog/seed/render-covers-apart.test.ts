import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderCoversApart } from './render-covers-apart';

describe('rendering the covers in a process of its own', () => {
  let scratch: string | undefined;
  afterEach(() => (scratch ? rm(scratch, { recursive: true, force: true }) : undefined));

  it('stops when the store stops, and writes nothing into the media folder after', async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'render-covers-apart-'));
    const mediaDir = path.join(scratch, 'media');
    // A renderer that writes a file every 50 ms for as long as it runs.
    const script = path.join(scratch, 'slow-renderer.mjs');
    await writeFile(
      script,
      `import { mkdirSync, writeFileSync } from 'node:fs';
       const dir = process.argv[2]; mkdirSync(dir, { recursive: true });
       let n = 0; setInterval(() => writeFileSync(dir + '/cover-' + n++ + '.webp', 'x'), 50);`,
    );
    const stopping = new AbortController();
    const rendering = renderCoversApart(script, stopping.signal)(mediaDir, ['remidi-4']);
    await expect.poll(async () => (await readdir(mediaDir).catch(() => [])).length).toBeGreaterThan(0);
    stopping.abort();
    await expect(rendering).rejects.toThrow(/Rendering the seed covers failed/);
    const afterStop = (await readdir(mediaDir)).length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await readdir(mediaDir)).length).toBe(afterStop);
  });
});
