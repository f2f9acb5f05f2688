// Song Seed: how many sketches (wish read, chords, voicings, bass, melody, MIDI bytes) one core
// makes per second, in process, and how large a 16-bar sketch's file is. The generator is
// bundled from the server's source as the store bundles it; npm packages load from node_modules.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { hasTaskset, median, pinSelf } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
pinSelf(0);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 2000);
const WISHES = [
  'melancholic lo-fi in A minor at 80 bpm',
  'hopeful pop chords',
  'a jazz ii-V-I in Bb',
  'dark cinematic loop in F# minor',
  'energetic house track at 126 bpm',
  'R&B groove in Eb',
  'sad hip hop beat',
  'dreamy ambient chords in D',
];

async function loadSongSeed() {
  const serverDir = path.join(root, 'apps/server');
  const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const outDir = mkdtempSync(path.join(serverDir, '.bench-song-seed-'));
  const outfile = path.join(outDir, 'song-seed.mjs');
  try {
    await build({
      entryPoints: [path.join(serverDir, 'src/modules/lyra/song-seed/index.ts')],
      outfile,
      absWorkingDir: serverDir,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@store/')),
      logLevel: 'warning',
    });
    // Inside apps/server so that its node_modules resolve the external packages.
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export async function run() {
  const { createSketcher, sketchFileForId } = await loadSongSeed();
  const sketcher = createSketcher();
  // One sketch: the answer's sketch from the wish, then its file from the id, as the route makes it.
  const makeOne = (index) => {
    const sketch = sketcher.sketchForWish(WISHES[index % WISHES.length], { seed: index });
    return sketchFileForId(sketch.id).bytes.length;
  };

  console.log(`Song Seed: ${ROUNDS} rounds of ${ROUND_MS} ms, in process, ${WISHES.length} wishes in turn`);
  console.log(hasTaskset ? 'pinned to core 0' : 'taskset missing: NOT pinned');
  for (let i = 0; i < 200; i++) makeOne(i); // warm-up

  const rates = [];
  let index = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    let count = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < ROUND_MS) {
      makeOne(index++);
      count++;
      elapsed = performance.now() - start;
    }
    rates.push((count * 1000) / elapsed);
    console.log(`  round ${round} ${rates.at(-1).toFixed(0).padStart(6)} sketches/s`);
  }

  const sixteenBars = ['melancholic lo-fi in A minor at 80 bpm, 16 bars', 'a jazz ii-V-I in Bb, 16 bars', 'hopeful pop chords, 16 bars'].map((wish) => [
    wish,
    sketchFileForId(sketcher.sketchForWish(wish).id).bytes.length,
  ]);
  console.log(`\n  sketches per second        ${median(rates).toFixed(0)} (median of ${ROUNDS})`);
  for (const [wish, size] of sixteenBars) console.log(`  16-bar file size           ${size} bytes  (${wish})`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
