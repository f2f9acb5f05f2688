import LyraPanel, { type LyraPanelProps } from '#web/features/lyra/components/lyra-panel.tsx';
import { lyraRenderProps } from './lyra-parts';
import { useLyraShopper } from './lyra-shopper';

/** Lyra's panel with the cart's button, the visualiser's player and the shopper's sign-in state: the chunk the Ask Lyra button loads. */
export default function ComposedLyraPanel(props: Omit<LyraPanelProps, 'renderProductAction' | 'renderSketchPlayer' | 'shopper'>) {
  return <LyraPanel {...props} {...lyraRenderProps} shopper={useLyraShopper()} />;
}
