// Run by apps/server/build.mjs after bundling: generates the downloadable files of the shipped
// catalogue into dist/seed-files, so that a first start copies them (ImportOptions.prebuiltFilesDir)
// instead of spending seconds of CPU on them before the store can answer.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFile } from './assets';
import { readSeedCatalogue } from './catalogue-files';
import { SEED_FILES_DIR, seedFileKey } from './seed-catalog';

async function writeSeedFiles(target: string) {
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  const { products } = await readSeedCatalogue();
  const recipes = products.flatMap((product) => product.versions.flatMap((version) => version.files.map((file) => file.recipe)));
  for (const recipe of recipes) await writeFile(path.join(target, seedFileKey(recipe)), buildFile(recipe));
}

await writeSeedFiles(fileURLToPath(new URL(`./${SEED_FILES_DIR}/`, import.meta.url)));
