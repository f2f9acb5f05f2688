import LyraPanel, { type LyraPanelProps } from '#web/features/lyra/components/lyra-panel.tsx';
import { lyraRenderProps } from './lyra-parts';

/** Lyra's panel with the cart's button and the visualiser's player: the chunk the Ask Lyra button loads. */
export default function ComposedLyraPanel(props: Omit<LyraPanelProps, 'renderProductAction' | 'renderSketchPlayer'>) {
  return <LyraPanel {...props} {...lyraRenderProps} />;
}
