import { useEffect, useId } from 'react';
import { useLocation } from 'react-router';
import { Container } from '#web/components/ui/container.tsx';
import { LYRA_NAME, PANEL_EXAMPLES } from '../constants';
import { sharedConversation, type LyraConversation } from '../conversation/lyra-conversation';
import { logRemixStarted, useShopperQuestions, useSketchEvents } from '../hooks/use-shopper-memory';
import type { LyraRenderProps, LyraShopper, PendingQuestion } from '../types';
import { LyraChat } from './lyra-chat';
import { LyraIntro } from './lyra-intro';
import { SketchStudio } from './sketch-studio';
import { YourSketchesList } from './your-sketches';

export interface LyraPageProps extends LyraRenderProps {
  /** Reads and forgets a question waiting to be asked (a pending remix), on arrival and when the query changes. */
  takePendingQuestion?(): PendingQuestion | undefined;
  conversation?: LyraConversation;
  /** Who is asking (from the app's sign-in state). */
  shopper?: LyraShopper;
}

/** `/lyra`: the sketch studio beside the same conversation the panel shows. */
export function LyraPage({ takePendingQuestion, conversation = sharedConversation, shopper, ...renderProps }: LyraPageProps) {
  const { search } = useLocation();
  const onSketchEvent = useSketchEvents(shopper);
  const sketchesHeadingId = useId();
  useShopperQuestions(conversation, shopper);
  useEffect(() => {
    const question = takePendingQuestion?.();
    if (question && conversation.send(question)) logRemixStarted(question, shopper);
  }, [search, takePendingQuestion, conversation, shopper]);

  return (
    <Container className="py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Ask {LYRA_NAME}</h1>
      <p className="mt-2 max-w-2xl text-lg text-secondary">Answers about the store from its own pages, with sources — and song sketches from a single wish.</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start">
        <div className="space-y-6">
          <SketchStudio conversation={conversation} />
          {shopper?.signedIn && (
            <section aria-labelledby={sketchesHeadingId} className="rounded-2xl border border-border p-5 sm:p-6">
              <h2 id={sketchesHeadingId} className="mb-4 text-xl font-bold tracking-tight">
                Your sketches
              </h2>
              <YourSketchesList
                shopper={shopper}
                conversation={conversation}
                renderSketchPlayer={renderProps.renderSketchPlayer}
                onSketchEvent={onSketchEvent}
              />
            </section>
          )}
        </div>
        <div className="flex h-[min(44rem,calc(100dvh-8rem))] min-h-[28rem] flex-col rounded-2xl border border-border">
          <LyraChat
            conversation={conversation}
            onSketchEvent={onSketchEvent}
            intro={<LyraIntro shopper={shopper} examples={PANEL_EXAMPLES} onExample={(query) => conversation.send({ query })} />}
            {...renderProps}
          />
        </div>
      </div>
    </Container>
  );
}
