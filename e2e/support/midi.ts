import { readFile } from 'node:fs/promises';
import * as tonejsMidiNamespace from '@tonejs/midi';

type TonejsMidiModule = typeof tonejsMidiNamespace;
// @tonejs/midi ships CommonJS only: Node's ESM loader offers its exports as `default`, other loaders directly.
const { Midi } = (tonejsMidiNamespace as TonejsMidiModule & { default?: TonejsMidiModule }).default ?? tonejsMidiNamespace;

/** A MIDI file read with @tonejs/midi, the parser the store itself uses. */
export async function readMidiFile(file: string) {
  return new Midi(await readFile(file));
}
