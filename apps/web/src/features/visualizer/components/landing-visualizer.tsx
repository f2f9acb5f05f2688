import type { CSSProperties } from 'react';
import { LANDING_MIDI_FAILED, LANDING_OPACITY, LOADING_VISUALIZATION } from '../constants';
import type { LandingVisualizerState } from '../hooks/use-landing-visualizer';

/** The falling notes behind the landing header, fading in to half opacity once ready. */
export function LandingVisualizerCanvas({ state, sound }: { state: LandingVisualizerState; sound: boolean }) {
  if (state.status !== 'ready') return null;
  const { PianoRoll, song, options } = state;
  return (
    <div
      className="size-full opacity-(--landing-opacity) transition-opacity duration-1000 ease-out starting:opacity-0 motion-reduce:transition-none"
      style={{ '--landing-opacity': LANDING_OPACITY } as CSSProperties}
      data-testid="landing-visualizer"
    >
      {/*
        30 frames a second at one canvas pixel per CSS pixel: a phone's screen has three or four
        times as many pixels to fill at its own ratio, and at half opacity behind the text neither
        difference shows, while every frame is main-thread work the shopper's taps wait behind.
      */}
      <PianoRoll song={song} options={options} sound={sound && options.soundOn} maxFps={30} maxPixelRatio={1} />
    </div>
  );
}

/** Under the title: 'Loading visualization...' while loading, the failure in red. */
export function LandingVisualizerStatus({ state }: { state: LandingVisualizerState }) {
  if (state.status === 'loading') return <p className="text-secondary">{LOADING_VISUALIZATION}</p>;
  if (state.status === 'failed') return <p className="font-medium text-red-700 dark:text-red-400">{LANDING_MIDI_FAILED}</p>;
  return null;
}

/** Mute/unmute; `compact` shows only the icon on phones (the name stays for assistive technology). */
export function SoundToggle({ on, onToggle, subject, compact = false }: { on: boolean; onToggle: () => void; subject: string; compact?: boolean }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full border border-border bg-background/80 text-sm ${compact ? 'px-3 sm:px-4' : 'px-4'} font-semibold text-primary backdrop-blur-sm hover:bg-tertiary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
        <path d="M9.4 3.2a.75.75 0 0 1 1.1.66v12.28a.75.75 0 0 1-1.1.66L5 14H2.75A.75.75 0 0 1 2 13.25v-6.5A.75.75 0 0 1 2.75 6H5l4.4-2.8Z" />
        {on ? (
          <path d="M13.5 6.5a.75.75 0 0 1 1.06 0 5 5 0 0 1 0 7 .75.75 0 1 1-1.06-1.06 3.5 3.5 0 0 0 0-4.88.75.75 0 0 1 0-1.06Z" />
        ) : (
          <path d="M13.22 7.22a.75.75 0 0 1 1.06 0L15.5 8.44l1.22-1.22a.75.75 0 1 1 1.06 1.06L16.56 9.5l1.22 1.22a.75.75 0 1 1-1.06 1.06L15.5 10.56l-1.22 1.22a.75.75 0 0 1-1.06-1.06l1.22-1.22-1.22-1.22a.75.75 0 0 1 0-1.06Z" />
        )}
      </svg>
      <span className={compact ? 'max-sm:sr-only' : undefined}>{on ? `Mute ${subject}` : `Unmute ${subject}`}</span>
    </button>
  );
}
