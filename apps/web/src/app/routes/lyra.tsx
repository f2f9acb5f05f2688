import { LyraPage } from '#web/features/lyra/components/lyra-page.tsx';
import { storeConfig } from '#web/lib/store-config.ts';
import { lyraRenderProps } from '../lyra-parts';
import { useLyraShopper } from '../lyra-shopper';
import { takePendingRemix } from '../navigation-effects';
import { pendingQuestionOf } from '../pending-remix';

/** Reads the pending remix after NavigationEffects has kept it (it comes first in the layout, so its effect runs first). */
function takePendingQuestion() {
  const pending = takePendingRemix();
  return pending && pendingQuestionOf(pending);
}

/** `/lyra`: Lyra's own page with the sketch studio (its own lazy chunk). A pending remix is asked here. */
export function Component() {
  const shopper = useLyraShopper();
  return (
    <>
      <title>{`Ask Lyra — ${storeConfig.storeName}`}</title>
      <meta name="description" content="Ask Lyra about the store's products and policies, or turn a wish into a MIDI sketch." />
      <LyraPage takePendingQuestion={takePendingQuestion} shopper={shopper} {...lyraRenderProps} />
    </>
  );
}
