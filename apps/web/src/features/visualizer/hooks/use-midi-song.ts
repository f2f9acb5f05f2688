import { useEffect, useState } from 'react';
import { fetchMidi } from '../api/fetch-midi';
import type { Song } from '../midi/song';
import { readSong } from '../runtime';

export type MidiSongState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; song: Song };

type Loaded = { src: string } & ({ status: 'failed' } | { status: 'ready'; song: Song });

/** Fetches and parses the MIDI file at `src`; a new `src` is 'loading' until its own answer arrives. */
export function useMidiSong(src: string | undefined): MidiSongState {
  const [result, setResult] = useState<Loaded>();

  useEffect(() => {
    if (!src) return;
    const abort = new AbortController();
    fetchMidi(src, abort.signal)
      .then(readSong)
      .then(
        (song) => !abort.signal.aborted && setResult({ src, status: 'ready', song }),
        (error: unknown) => {
          if (abort.signal.aborted) return;
          console.error(error instanceof Error ? error.message : String(error));
          setResult({ src, status: 'failed' });
        },
      );
    return () => abort.abort();
  }, [src]);

  // The answer for another file than this one means this one is still loading.
  return result && result.src === src ? result : { status: 'loading' };
}
