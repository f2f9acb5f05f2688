import { ApiError } from '#web/lib/api-client.ts';
import { IncompleteAnswerError, LyraStreamError, UnreadableAnswerError } from '../api/chat-with-lyra';

/** What went wrong with a question, and what the shopper can do (docs/behaviour/lyra.md#the-panel-and-the-page). */
export function describeAskError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) {
      const wait = error.retryAfterSeconds;
      return `Too many questions at once — try again in ${wait ?? 'a few'} ${wait === 1 ? 'second' : 'seconds'}.`;
    }
    if (error.status >= 500) return 'Lyra ran into a problem on our side. Try again in a moment.';
    if (error.serverMessage) return error.serverMessage;
    return `Lyra could not take that question (error ${error.status}). Rephrase it and try again.`;
  }
  // The server's own words, written for the shopper ('…ask again in a moment').
  if (error instanceof LyraStreamError) return error.serverMessage;
  if (error instanceof IncompleteAnswerError) return 'Lyra’s answer was cut off before the end. Check your internet connection and try again.';
  if (error instanceof UnreadableAnswerError) return 'Lyra’s answer arrived in a form this page cannot read. Reload the page and try again.';
  // fetch rejects with a TypeError when the request never reached the server.
  return 'Lyra could not be reached. Check your internet connection and try again.';
}
