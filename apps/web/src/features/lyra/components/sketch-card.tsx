import type { LyraSketch } from '@store/contracts/lyra';
import { useId, useState } from 'react';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { apiAssetUrl } from '#web/lib/api-client.ts';
import type { OnSketchEvent, RenderSketchPlayer } from '../types';
import { PlayPauseIcon } from '#web/components/ui/play-pause-icon.tsx';

/** `Rainy night in A minor` → `rainy-night-in-a-minor.mid`. */
export function sketchFileName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${base || 'lyra-sketch'}.mid`;
}

/**
 * A Song Seed: its title, key, tempo and chords, Play (the piano roll with sound, from the
 * visualiser through `renderSketchPlayer`) and Download (the `.mid` file).
 */
export function SketchCard({
  sketch,
  renderSketchPlayer,
  onSketchEvent,
}: {
  sketch: LyraSketch;
  renderSketchPlayer?: RenderSketchPlayer;
  onSketchEvent?: OnSketchEvent;
}) {
  const headingId = useId();
  const [started, setStarted] = useState(false);
  const [playing, setPlaying] = useState(false);
  const midiUrl = apiAssetUrl(sketch.midiUrl);

  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-xl border border-border bg-background p-4">
      <p className="text-xs font-semibold tracking-wide text-secondary uppercase">Song Seed</p>
      <h3 id={headingId} className="mt-1 text-lg leading-snug font-semibold">
        {sketch.title}
      </h3>
      <p className="mt-1 text-sm text-secondary">
        {sketch.key} · {sketch.bpm} bpm · {sketch.chords.length} {sketch.chords.length === 1 ? 'bar' : 'bars'}
      </p>
      <ul aria-label="Chords" className="mt-3 flex flex-wrap gap-1.5">
        {sketch.chords.map((chord, index) => (
          <li key={index} className="rounded-md border border-border bg-tertiary px-2 py-1 font-mono text-sm">
            {chord}
          </li>
        ))}
      </ul>
      {renderSketchPlayer && started && <div className="mt-3">{renderSketchPlayer({ midiUrl, title: sketch.title, playing })}</div>}
      <div className="mt-3 flex flex-wrap gap-2">
        {renderSketchPlayer && (
          <button
            type="button"
            aria-pressed={playing}
            onClick={() => {
              setStarted(true);
              setPlaying(!playing);
              if (!playing) onSketchEvent?.('sketch_played', sketch);
            }}
            className={buttonClasses('primary', 'md')}
          >
            <PlayPauseIcon playing={playing} />
            {playing ? 'Pause' : 'Play'}
            <span className="sr-only"> {sketch.title}</span>
          </button>
        )}
        <a
          href={midiUrl}
          download={sketchFileName(sketch.title)}
          onClick={() => onSketchEvent?.('sketch_downloaded', sketch)}
          className={buttonClasses('secondary', 'md')}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M10 3v10m0 0-4-4m4 4 4-4M4 16h12" />
          </svg>
          Download MIDI<span className="sr-only"> of {sketch.title}</span>
        </a>
      </div>
    </section>
  );
}
