import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderCoverSvg } from './assets';
import { readWebpHeader } from './assets/test-support';
import { coverMediaItem, coverSvgFile, coverUrl, ensureCoverRasters } from './cover-files';

const svg = (display: string) => renderCoverSvg({ display, category: 'Plugins', motif: 'keys', from: '#14213d', to: '#8ef971', seed: 1 });

describe('ensureCoverRasters', () => {
  let mediaDir: string;
  const webp = (width: number) => path.join(mediaDir, 'covers', `remidi-4.${width}.webp`);
  beforeEach(async () => {
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'cover-files-'));
    await mkdir(path.join(mediaDir, 'covers'));
    await writeFile(coverSvgFile(mediaDir, 'remidi-4'), svg('reMIDI 4'));
  });
  afterEach(() => rm(mediaDir, { recursive: true, force: true }));

  it('renders a 400, 600 and 800 px WebP beside the SVG, dated like it', async () => {
    expect(await ensureCoverRasters(mediaDir, 'remidi-4')).toEqual([400, 600, 800]);
    const source = await stat(coverSvgFile(mediaDir, 'remidi-4'));
    for (const width of [400, 600, 800]) {
      expect(readWebpHeader(await readFile(webp(width)))).toMatchObject({ webp: 'WEBP', width, height: width });
      expect(Math.abs((await stat(webp(width))).mtimeMs - source.mtimeMs)).toBeLessThan(1);
    }
  });

  it('renders nothing again while the WebPs are up to date', async () => {
    await ensureCoverRasters(mediaDir, 'remidi-4');
    // A marker in place of the WebP, with the SVG's date: a second render would overwrite it.
    await writeFile(webp(800), 'not touched');
    const source = await stat(coverSvgFile(mediaDir, 'remidi-4'));
    await utimes(webp(800), source.atime, source.mtime);
    expect(await ensureCoverRasters(mediaDir, 'remidi-4')).toEqual([]);
    expect(await readFile(webp(800), 'utf8')).toBe('not touched');
  });

  it('renders again when the SVG changes, even to an older date, or a WebP is missing', async () => {
    await ensureCoverRasters(mediaDir, 'remidi-4');
    const first = await readFile(webp(400));
    await writeFile(coverSvgFile(mediaDir, 'remidi-4'), svg('Replaced by the maker'));
    const older = new Date(Date.now() - 86_400_000);
    await utimes(coverSvgFile(mediaDir, 'remidi-4'), older, older);
    expect(await ensureCoverRasters(mediaDir, 'remidi-4')).toEqual([400, 600, 800]);
    expect(Buffer.from(await readFile(webp(400))).equals(first)).toBe(false);

    await rm(webp(800));
    expect(await ensureCoverRasters(mediaDir, 'remidi-4')).toEqual([800]);
  });

  it("removes what a renderer stopped mid-write left of a rendition it renders again, and nothing of another cover's", async () => {
    const covers = path.join(mediaDir, 'covers');
    await writeFile(path.join(covers, 'remidi-4.800.webp.4242.tmp'), 'half a WebP');
    await writeFile(path.join(covers, 'remidi-5.800.webp.4242.tmp'), 'another cover’s');
    expect(await ensureCoverRasters(mediaDir, 'remidi-4')).toEqual([400, 600, 800]);
    expect((await readdir(covers)).sort()).toEqual([
      'remidi-4.400.webp',
      'remidi-4.600.webp',
      'remidi-4.800.webp',
      'remidi-4.svg',
      'remidi-5.800.webp.4242.tmp',
    ]);
  });

  it('answers null when the product has no SVG', async () => {
    expect(await ensureCoverRasters(mediaDir, 'no-such-product')).toBeNull();
  });
});

describe('coverMediaItem', () => {
  it('describes the 800 px WebP with every rendition, narrowest first', () => {
    expect(coverMediaItem('remidi-4', 'reMIDI 4')).toEqual({
      kind: 'image',
      src: '/media/covers/remidi-4.800.webp',
      title: 'reMIDI 4 cover',
      width: 800,
      height: 800,
      variants: [
        { src: '/media/covers/remidi-4.400.webp', width: 400 },
        { src: '/media/covers/remidi-4.600.webp', width: 600 },
        { src: '/media/covers/remidi-4.800.webp', width: 800 },
      ],
    });
    expect(coverUrl('remidi-4')).toBe('/media/covers/remidi-4.800.webp');
  });
});
