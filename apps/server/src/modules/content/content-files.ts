/**
 * Files the store publishes under `/content/` from `DATA_DIR/content`. The landing page's
 * piano-roll MIDI is generated there at start when missing, like the seed covers: the file
 * is the source, so a maker can replace `content/midi/landing.mid` with their own piece.
 */
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildLandingMidi } from './landing-midi';

export function landingMidiFile(contentDir: string): string {
  return path.join(contentDir, 'midi', 'landing.mid');
}

/** Writes the generated landing MIDI unless a file is already there; true when it wrote one. */
export async function ensureLandingMidi(contentDir: string): Promise<boolean> {
  const target = landingMidiFile(contentDir);
  const existing = await stat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing) return false;
  await mkdir(path.dirname(target), { recursive: true });
  // Write then rename, so a crash never leaves a half-written file under the final name.
  const temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, buildLandingMidi());
  await rename(temporary, target);
  return true;
}
