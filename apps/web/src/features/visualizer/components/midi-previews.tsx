import { useId, useState } from 'react';
import { useMidiSong } from '../hooks/use-midi-song';
import { useStoredPlayerOptions } from '../hooks/use-stored-player-options';
import { PianoRoll } from './piano-roll';
import { SoundToggle } from './landing-visualizer';
import { PlayPauseIcon } from '#web/components/ui/play-pause-icon.tsx';

export interface MidiPreview {
  src: string;
  title: string;
}

/**
 * A product's MIDI previews (a sample pack's loops): pick one, play or pause it in the
 * falling-notes piano roll, with sound after the shopper presses Play. Its own lazy chunk.
 */
export default function MidiPreviews({ previews, productName, onPlay }: { previews: MidiPreview[]; productName: string; onPlay?: () => void }) {
  const headingId = useId();
  const options = useStoredPlayerOptions();
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const preview = previews[selected] ?? previews[0];
  const loaded = useMidiSong(preview?.src);

  if (!preview) return null;
  const sound = options.soundOn && !muted;
  const play = () => {
    setPlaying(true);
    onPlay?.();
  };

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-border p-5 sm:p-6">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight">
        Hear the MIDI
      </h2>
      <p className="mt-1 text-secondary">Loops from {productName}, played in the piano roll.</p>

      <ul className="mt-5 flex flex-wrap gap-2" aria-label="MIDI previews">
        {previews.map((item, index) => (
          <li key={item.src}>
            <button
              type="button"
              aria-pressed={index === selected}
              onClick={() => {
                setSelected(index);
                play();
              }}
              className={`min-h-11 rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ${
                index === selected ? 'border-accent bg-accent text-black' : 'border-border text-primary hover:bg-tertiary'
              }`}
            >
              {item.title}
            </button>
          </li>
        ))}
      </ul>

      <div className="relative mt-5 h-64 overflow-hidden rounded-xl border border-border bg-black sm:h-80">
        {loaded.status === 'ready' && (
          <PianoRoll song={loaded.song} options={options} playing={playing} sound={playing && sound} fitKeys label={`Piano roll of ${preview.title}`} />
        )}
        {loaded.status !== 'ready' && (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-neutral-300" role="status">
            {loaded.status === 'loading' ? 'Loading preview...' : "Couldn't load this preview."}
          </p>
        )}
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => (playing ? setPlaying(false) : play())}
          disabled={loaded.status !== 'ready'}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-5 font-semibold text-black hover:brightness-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60"
        >
          <PlayPauseIcon playing={playing} />
          {playing ? 'Pause' : 'Play'}
          <span className="sr-only"> {preview.title}</span>
        </button>
        {options.soundOn && <SoundToggle on={!muted} onToggle={() => setMuted((value) => !value)} subject="preview" />}
      </div>
    </section>
  );
}
