/**
 * Sample-pack zips: numbered MIDI loops, a WAV rendering of each, and a README.
 *
 *   <Title>/MIDI/01 Velvet Keys 84bpm A minor.mid
 *   <Title>/WAV/01 Velvet Keys 84bpm A minor.wav
 *   <Title>/README.txt
 */
import type { FileRecipe } from '../seed-types';
import { buildLoopMidi } from './midi';
import { choosePackHarmony, composeLoop, loopNames, ROLE_ORDER, type LoopPattern, type LoopRole, type PackHarmony } from './loop-patterns';
import { degreeOffset, diatonicChordOffsets, parseKey, spellFromTonic } from './music-theory';
import { deriveSeed, mulberry32 } from '#server/lib/seeded-random.ts';
import { renderLoop, SAMPLE_RATE } from './synth';
import { encodeWav24 } from './wav';
import { safePathSegment, textFile, zipFiles } from './zip';

export type SamplePackRecipe = Extract<FileRecipe, { kind: 'sample-pack' }>;

/** How many MIDI loops a product page offers as in-browser previews. */
const PREVIEW_COUNT = 4;

/**
 * Audio is the bulk of a pack (mono 24-bit is ~130 KB per second), and WAV
 * barely compresses. All WAVs of a pack together stay within this budget so a
 * download is a few MB, not tens.
 */
const WAV_BUDGET_BYTES = 3.2 * 1024 * 1024;
const WAV_BYTES_PER_SECOND = SAMPLE_RATE * 3;

/**
 * Length of each WAV loop: a whole bar if the pack fits the budget, else half
 * a bar, else one beat — always a musically whole unit, so it loops in time.
 */
export function wavLoopBeats(recipe: SamplePackRecipe): 4 | 2 | 1 {
  const secondsPerBeat = 60 / recipe.bpm;
  for (const beats of [4, 2] as const) {
    if (recipe.loops * beats * secondsPerBeat * WAV_BYTES_PER_SECOND <= WAV_BUDGET_BYTES) return beats;
  }
  return 1;
}

const WAV_LENGTH_TEXT = { 4: 'one bar', 2: 'half a bar (2 beats)', 1: 'one beat' } as const;

interface PackLoop {
  /** '01 Velvet Keys 84bpm A minor' — shared by the .mid and the .wav. */
  baseName: string;
  pattern: LoopPattern;
  midi: Uint8Array;
}

interface ComposedPack {
  folder: string;
  harmony: PackHarmony;
  loops: PackLoop[];
}

function validate(recipe: SamplePackRecipe): void {
  if (!Number.isInteger(recipe.loops) || recipe.loops < 1 || recipe.loops > 99) {
    throw new Error(`A sample pack has 1 to 99 loops, got ${recipe.loops}`);
  }
  if (!(recipe.bpm >= 40 && recipe.bpm <= 240)) throw new Error(`Sample-pack bpm must be 40-240, got ${recipe.bpm}`);
}

/** Composes every loop and its MIDI (cheap); audio is rendered only when zipping. */
function composePack(recipe: SamplePackRecipe): ComposedPack {
  validate(recipe);
  const key = parseKey(recipe.key);
  const packRng = mulberry32(deriveSeed(recipe.seed, 0));
  const harmony = choosePackHarmony(key, packRng);
  const roles = Array.from({ length: recipe.loops }, (_, index) => ROLE_ORDER[index % ROLE_ORDER.length] as LoopRole);
  const names = loopNames(roles, packRng);
  const keyLabel = safePathSegment(recipe.key);
  const loops = roles.map((role, index) => {
    const name = names[index] as string;
    const number = String(index + 1).padStart(2, '0');
    const baseName = safePathSegment(`${number} ${name} ${recipe.bpm}bpm ${keyLabel}`);
    // Each loop has its own stream, so adding loops never changes earlier ones.
    const pattern = composeLoop(role, name, harmony, mulberry32(deriveSeed(recipe.seed, 1, index)), recipe.bpm);
    const midi = buildLoopMidi(pattern, recipe.bpm, `${recipe.title} - ${name}`);
    return { baseName, pattern, midi };
  });
  return { folder: safePathSegment(recipe.title), harmony, loops };
}

const SEVENTH_SUFFIXES: Record<string, string> = { '0,4,7,11': 'maj7', '0,3,7,10': 'm7', '0,4,7,10': '7', '0,3,6,10': 'm7b5' };

/** The pack's progression as chord symbols, e.g. 'Am7 - Fmaj7 - Cmaj7 - G7'. */
function progressionSymbols(harmony: PackHarmony): string {
  return harmony.degrees
    .map((degree) => {
      const offsets = diatonicChordOffsets(harmony.key.mode, degree, 4);
      const shape = offsets.map((offset) => offset - (offsets[0] as number)).join(',');
      return `${spellFromTonic(harmony.key, degreeOffset(harmony.key.mode, degree))}${SEVENTH_SUFFIXES[shape] ?? ''}`;
    })
    .join(' - ');
}

const ROLE_DESCRIPTIONS = { chords: 'chords', bass: 'bass line', arp: 'arpeggio', drums: 'drums' } as const;

function readme(recipe: SamplePackRecipe, pack: ComposedPack): string {
  const count = recipe.loops;
  const wavLength = WAV_LENGTH_TEXT[wavLoopBeats(recipe)];
  const loopList = pack.loops
    .map((loop) => `  ${loop.baseName}  (${ROLE_DESCRIPTIONS[loop.pattern.role]}, ${loop.pattern.bars} bar${loop.pattern.bars > 1 ? 's' : ''})`)
    .join('\n');
  return `${recipe.title}
${'='.repeat(recipe.title.length)}

${count} MIDI loops and ${count} WAV loops at ${recipe.bpm} bpm in ${recipe.key}.

WHAT'S INSIDE

  MIDI/  ${count} Standard MIDI Files (.mid), 1 to 4 bars each, tempo ${recipe.bpm} bpm.
         Load them onto any instrument in your DAW and change the sound, the rhythm or the key.
  WAV/   ${count} audio loops, 24-bit / 44.1 kHz WAV (mono), ${wavLength} each.
         Each WAV is a rendering of the start of the MIDI loop with the same number,
         made with a simple built-in synthesiser, and loops seamlessly.

All melodic loops follow the same progression, so any of them can be layered:
  ${progressionSymbols(pack.harmony)}

LOOPS

${loopList}

LICENCE (SUMMARY)

Royalty-free for use in your own music: you may use these loops in tracks you
release, stream, sell or sync, with no further fees and no credit required.
You may not redistribute, resell or share the raw loops (WAV or MIDI), on
their own or as part of another sample pack, library or product.
`;
}

/** The pack as a zip: MIDI and WAV folders plus README.txt. */
export function buildSamplePack(recipe: SamplePackRecipe): Uint8Array {
  const pack = composePack(recipe);
  const entries: Record<string, Uint8Array> = {};
  entries[`${pack.folder}/README.txt`] = textFile(readme(recipe, pack));
  for (const loop of pack.loops) entries[`${pack.folder}/MIDI/${loop.baseName}.mid`] = loop.midi;
  const beats = wavLoopBeats(recipe);
  pack.loops.forEach((loop, index) => {
    const samples = renderLoop(loop.pattern, { bpm: recipe.bpm, beats, seed: deriveSeed(recipe.seed, 2, index), sampleRate: SAMPLE_RATE });
    entries[`${pack.folder}/WAV/${loop.baseName}.wav`] = encodeWav24([samples], SAMPLE_RATE);
  });
  return zipFiles(entries);
}

/**
 * Up to four of the pack's MIDI loops (byte-identical to the ones in the zip)
 * for in-browser previews. Melodic loops come first: a browser synth plays
 * them well, while drum-channel MIDI often sounds like random pitches.
 */
export function buildSamplePackPreviews(recipe: SamplePackRecipe): { filename: string; bytes: Uint8Array }[] {
  const pack = composePack(recipe);
  const melodic = pack.loops.filter((loop) => loop.pattern.role !== 'drums');
  const drums = pack.loops.filter((loop) => loop.pattern.role === 'drums');
  return [...melodic, ...drums].slice(0, PREVIEW_COUNT).map((loop) => ({ filename: `${loop.baseName}.mid`, bytes: loop.midi }));
}
