import { useEffect, useState } from 'react';
import { fetchMidi } from '../api/fetch-midi';
import type { Song } from '../midi/song';
import type { PlayerOptions } from '../options/player-options';
import type { PianoRoll } from '../runtime';
import { whenIdle } from '../utils/when-idle';

export type LandingVisualizerState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; PianoRoll: typeof PianoRoll; song: Song; options: PlayerOptions };

/**
 * The landing visualisation's life (docs/behaviour/visualiser.md#landing-visualisation): loading, then ready or failed. Nothing starts
 * before the page is loaded and idle; then the MIDI file and the visualiser's chunk are
 * fetched together and the file is parsed. A failure is logged ('Failed to fetch: …') and
 * leaves the rest of the page alone.
 */
export function useLandingVisualizer(midiUrl: string): LandingVisualizerState {
  const [state, setState] = useState<LandingVisualizerState>({ status: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    const cancel = whenIdle(() => {
      void (async () => {
        try {
          const [runtime, blob] = await Promise.all([import('../runtime'), fetchMidi(midiUrl, abort.signal)]);
          const song = await runtime.readSong(blob);
          const { options } = runtime.loadPlayerOptions();
          if (!abort.signal.aborted) setState({ status: 'ready', PianoRoll: runtime.PianoRoll, song, options });
        } catch (error) {
          if (abort.signal.aborted) return;
          console.error(error instanceof Error ? error.message : String(error));
          setState({ status: 'failed' });
        }
      })();
    });
    return () => {
      cancel();
      abort.abort();
    };
  }, [midiUrl]);

  return state;
}
