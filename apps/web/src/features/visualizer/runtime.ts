/**
 * The visualiser's heavy half, loaded as its own chunk once the page is idle: the MIDI
 * parser (@tonejs/midi), the options schema (zod), the canvas renderer and the synth.
 */
import { readBlobAsArrayBuffer } from './midi/read-blob';
import { parseMidi } from './midi/parse-midi';
import type { Song } from './midi/song';

export { PianoRoll } from './components/piano-roll';
export { loadPlayerOptions } from './options/player-options';

/** A fetched MIDI file as a song; parsing waits for a fresh task so it never extends the fetch's. */
export async function readSong(blob: Blob): Promise<Song> {
  const bytes = await readBlobAsArrayBuffer(blob);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return parseMidi(bytes);
}
