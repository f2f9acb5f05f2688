/**
 * Jazz progression sets: volumes of voiced MIDI chord progressions in a zip.
 *
 *   <Title>/Vol 01/001 ii-V-I (rootless voicings) in C major.mid
 *   <Title>/README.txt
 */
import type { FileRecipe } from '../seed-types';
import { composeJazzProgression, PROGRESSION_TEMPLATES } from './jazz-progressions';
import { buildProgressionMidi } from './midi';
import { deriveSeed } from '#server/lib/seeded-random.ts';
import { safePathSegment, textFile, zipFiles } from './zip';

export type ProgressionSetRecipe = Extract<FileRecipe, { kind: 'progression-set' }>;

function validate(recipe: ProgressionSetRecipe): void {
  const { volumes, progressionsPerVolume } = recipe;
  if (!Number.isInteger(volumes) || volumes < 1 || volumes > 99) throw new Error(`volumes must be 1-99, got ${volumes}`);
  if (!Number.isInteger(progressionsPerVolume) || progressionsPerVolume < 1 || progressionsPerVolume > 999) {
    throw new Error(`progressionsPerVolume must be 1-999, got ${progressionsPerVolume}`);
  }
}

/**
 * Which template and key the n-th progression of the set uses. Templates cycle
 * (offset by the seed), and each template walks the circle of fifths from one
 * round to the next, so every progression type appears in all 12 keys.
 */
function assignment(recipe: ProgressionSetRecipe, n: number): { templateIndex: number; tonic: number } {
  const templateCount = PROGRESSION_TEMPLATES.length;
  const templateIndex = (n + recipe.seed) % templateCount;
  const round = Math.floor(n / templateCount);
  return { templateIndex, tonic: (round * 7 + templateIndex * 5) % 12 };
}

function readme(recipe: ProgressionSetRecipe, total: number): string {
  const progressionTypes = PROGRESSION_TEMPLATES.map((template) => `  - ${template.name}`).join('\n');
  return `${recipe.title}
${'='.repeat(recipe.title.length)}

${total} jazz chord progressions as Standard MIDI Files (.mid):
${recipe.volumes} volume${recipe.volumes > 1 ? 's' : ''} of ${recipe.progressionsPerVolume}, in all 12 keys.

WHAT'S IN EACH FILE

  Track "Voicings"  the chords as a pianist would play them (MIDI channel 1)
  Track "Bass"      the roots (and fifths) as a two-feel bass line (MIDI channel 2)
  Markers           the chord symbols, shown on the timeline of most DAWs
  Tempo             a suggested tempo between 72 and 160 bpm; change it freely

VOICING STYLES (named in each file name)

  shell voicings     3rd and 7th only: the guide tones that define each chord
  rootless voicings  3-5-7-9 / 7-9-3-5 shapes (with 13ths on dominants), as
                     used by jazz pianists over a bass player
  extended voicings  added 9ths, 11ths and 13ths for a richer colour

Voicings are voice-led: each chord moves as little as possible from the last.

PROGRESSION TYPES

${progressionTypes}

LICENCE (SUMMARY)

Royalty-free for use in your own music: you may use these progressions in
tracks you release, stream, sell or sync, with no further fees.
You may not redistribute, resell or share the MIDI files themselves, on their
own or as part of another product.
`;
}

/** All volumes of progressions as one zip. */
export function buildProgressionSet(recipe: ProgressionSetRecipe): Uint8Array {
  validate(recipe);
  const folder = safePathSegment(recipe.title);
  const numberWidth = Math.max(3, String(recipe.progressionsPerVolume).length);
  const total = recipe.volumes * recipe.progressionsPerVolume;
  const entries: Record<string, Uint8Array> = {};
  entries[`${folder}/README.txt`] = textFile(readme(recipe, total));
  for (let volume = 0; volume < recipe.volumes; volume++) {
    const volumeFolder = `Vol ${String(volume + 1).padStart(2, '0')}`;
    for (let index = 0; index < recipe.progressionsPerVolume; index++) {
      const n = volume * recipe.progressionsPerVolume + index;
      const progression = composeJazzProgression({ ...assignment(recipe, n), seed: deriveSeed(recipe.seed, volume, index) });
      const number = String(index + 1).padStart(numberWidth, '0');
      const filename = safePathSegment(`${number} ${progression.name} in ${progression.keyName}`);
      entries[`${folder}/${volumeFolder}/${filename}.mid`] = buildProgressionMidi(progression);
    }
  }
  return zipFiles(entries);
}
