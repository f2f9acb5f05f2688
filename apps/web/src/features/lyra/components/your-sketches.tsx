import { useQuery } from '@tanstack/react-query';
import { Button } from '#web/components/ui/button.tsx';
import { yourSketchesQueryOptions } from '../api/get-your-sketches';
import type { LyraConversation } from '../conversation/lyra-conversation';
import { useRefreshMemoryAfterSketches } from '../hooks/use-shopper-memory';
import type { LyraShopper, OnSketchEvent, RenderSketchPlayer } from '../types';

type SignedInShopper = Extract<LyraShopper, { signedIn: true }>;
import { ForgetLyraHistory } from './forget-lyra-history';
import { SketchCard } from './sketch-card';

export interface YourSketchesProps {
  shopper: SignedInShopper;
  conversation: LyraConversation;
  renderSketchPlayer?: RenderSketchPlayer;
  onSketchEvent?: OnSketchEvent;
}

/**
 * The signed-in shopper's sketches (their creative log), newest first, each with Play and Download;
 * refreshed after an answer with a sketch. Below them, the shopper can have Lyra forget them.
 */
export function YourSketchesList(props: YourSketchesProps) {
  return (
    <>
      <SketchesOrState {...props} />
      <ForgetLyraHistory subject={props.shopper.subject} getAccessToken={props.shopper.getAccessToken} conversation={props.conversation} />
    </>
  );
}

function SketchesOrState({ shopper: { subject, getAccessToken }, conversation, renderSketchPlayer, onSketchEvent }: YourSketchesProps) {
  const query = useQuery(yourSketchesQueryOptions(subject, getAccessToken));
  useRefreshMemoryAfterSketches(conversation, subject);

  if (query.isPending) return <p className="text-sm text-secondary">Loading your sketches…</p>;
  if (query.isError) {
    return (
      <div className="text-sm text-secondary">
        <p>Your sketches could not be loaded. Check your connection and try again.</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) return <p className="text-sm text-secondary">No sketches yet. Make a wish and the sketch is kept here.</p>;
  return (
    <ul aria-label="Your sketches" className="space-y-3 [&_section]:mt-0">
      {query.data.map(({ entryId, sketch }) => (
        <li key={entryId}>
          <SketchCard sketch={sketch} renderSketchPlayer={renderSketchPlayer} onSketchEvent={onSketchEvent} />
        </li>
      ))}
    </ul>
  );
}
