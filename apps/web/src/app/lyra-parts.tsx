import { lazy, Suspense } from 'react';
import type { LyraRenderProps } from '#web/features/lyra/types.ts';
import { renderLyraProductAction } from './product-cart-action';

/** The piano roll with its MIDI parser and synth: fetched when a sketch is first played. */
const MidiPlayer = lazy(() => import('#web/features/visualizer/components/midi-player.tsx'));

/** What Lyra's panel and page borrow from the other features: the cart's button and the visualiser's player. */
export const lyraRenderProps: LyraRenderProps = {
  renderProductAction: renderLyraProductAction,
  renderSketchPlayer: ({ midiUrl, title, playing }) => (
    <Suspense fallback={<div className="h-44 rounded-lg border border-border bg-black sm:h-52" aria-hidden="true" />}>
      <MidiPlayer src={midiUrl} title={title} playing={playing} />
    </Suspense>
  ),
};
