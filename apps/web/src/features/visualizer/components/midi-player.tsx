import { useState } from 'react';
import { useMidiSong } from '../hooks/use-midi-song';
import { loadPlayerOptions } from '../options/player-options';
import { PianoRoll } from './piano-roll';

export interface MidiPlayerProps {
  /** The MIDI file's URL. */
  src: string;
  /** What is playing, for the piano roll's accessible name. */
  title: string;
  /** Playing, with sound (the player options allowing): the owner's Play button is the user gesture. */
  playing: boolean;
}

/**
 * One MIDI file in a compact piano roll (a sketch of the assistant), controlled from outside:
 * the owner draws the Play button. Its own lazy chunk, with the MIDI parser and the synth.
 */
export default function MidiPlayer({ src, title, playing }: MidiPlayerProps) {
  const [options] = useState(() => loadPlayerOptions().options);
  const loaded = useMidiSong(src);
  return (
    <div className="relative h-44 overflow-hidden rounded-lg border border-border bg-black sm:h-52">
      {loaded.status === 'ready' ? (
        <PianoRoll song={loaded.song} options={options} playing={playing} sound={playing && options.soundOn} fitKeys label={`Piano roll of ${title}`} />
      ) : (
        <p className="absolute inset-0 flex items-center justify-center px-4 text-center text-sm text-neutral-300" role="status">
          {loaded.status === 'loading' ? 'Loading the sketch...' : 'Couldn’t load this sketch. Download it instead, or try again later.'}
        </p>
      )}
    </div>
  );
}
