import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { logCreativeEvent } from '../api/log-creative-event';
import { lyraMemoryQueryKey } from '../constants';
import { useTurns, type LyraConversation } from '../conversation/lyra-conversation';
import type { LyraShopper, OnSketchEvent, PendingQuestion } from '../types';

/** Where a signed-in shopper's access token comes from; none for an anonymous one. */
const tokenSourceOf = (shopper: LyraShopper | undefined) => (shopper?.signedIn ? shopper.getAccessToken : undefined);

/** The signed-in shopper's questions carry their token while the panel or the page is on screen. */
export function useShopperQuestions(conversation: LyraConversation, shopper: LyraShopper | undefined) {
  const getAccessToken = tokenSourceOf(shopper);
  useEffect(() => {
    conversation.setAccessTokenSource(getAccessToken);
    return () => conversation.setAccessTokenSource(undefined);
  }, [conversation, getAccessToken]);
}

/** Posts plays and downloads of a sketch to the creative log (with the token when signed in). */
export function useSketchEvents(shopper: LyraShopper | undefined): OnSketchEvent {
  const getAccessToken = tokenSourceOf(shopper);
  return useCallback(
    (type, sketch) => logCreativeEvent({ type, data: { sketchId: sketch.id, key: sketch.key, bpm: sketch.bpm, style: sketch.style } }, getAccessToken),
    [getAccessToken],
  );
}

/** A pending remix opened Lyra: counted as a remix started. */
export function logRemixStarted(question: PendingQuestion, shopper: LyraShopper | undefined) {
  const data = { inspiration: question.query, ...(question.remix && { remix: question.remix }) };
  logCreativeEvent({ type: 'remix_started', data }, tokenSourceOf(shopper));
}

/** After each answer with a sketch, the shopper's sketches and greeting are fetched again (the server has just remembered it). */
export function useRefreshMemoryAfterSketches(conversation: LyraConversation, subject: string) {
  const queryClient = useQueryClient();
  const sketches = useTurns(conversation).filter((turn) => turn.state === 'answered' && turn.answer.sketch).length;
  const seen = useRef(sketches);
  useEffect(() => {
    if (sketches === seen.current) return;
    seen.current = sketches;
    void queryClient.invalidateQueries({ queryKey: lyraMemoryQueryKey(subject) });
  }, [sketches, subject, queryClient]);
}
