import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Container } from '#web/components/ui/container.tsx';
import { LYRA_NAME, PANEL_EXAMPLES } from '../constants';
import { sharedConversation, type LyraConversation } from '../conversation/lyra-conversation';
import type { LyraRenderProps, PendingQuestion } from '../types';
import { LyraChat } from './lyra-chat';
import { LyraIntro } from './lyra-intro';
import { SketchStudio } from './sketch-studio';

export interface LyraPageProps extends LyraRenderProps {
  /** Reads and forgets a question waiting to be asked (a pending remix), on arrival and when the query changes. */
  takePendingQuestion?(): PendingQuestion | undefined;
  conversation?: LyraConversation;
}

/** `/lyra`: the sketch studio beside the same conversation the panel shows. */
export function LyraPage({ takePendingQuestion, conversation = sharedConversation, ...renderProps }: LyraPageProps) {
  const { search } = useLocation();
  useEffect(() => {
    const question = takePendingQuestion?.();
    if (question) conversation.send(question);
  }, [search, takePendingQuestion, conversation]);

  return (
    <Container className="py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Ask {LYRA_NAME}</h1>
      <p className="mt-2 max-w-2xl text-lg text-secondary">Answers about the store from its own pages, with sources — and song sketches from a single wish.</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start">
        <SketchStudio conversation={conversation} />
        <div className="flex h-[min(44rem,calc(100dvh-8rem))] min-h-[28rem] flex-col rounded-2xl border border-border">
          <LyraChat
            conversation={conversation}
            intro={<LyraIntro examples={PANEL_EXAMPLES} onExample={(query) => conversation.send({ query })} />}
            {...renderProps}
          />
        </div>
      </div>
    </Container>
  );
}
