import type { DehydratedState } from '@tanstack/react-query';
import { QUERY_STATE_SCRIPT_ID } from '@store/contracts/server-rendering';

/**
 * The query cache the server rendered the page with (an empty one when the page has none or it
 * is unreadable). Its answers count as fetched `now`: a page the server kept was rendered minutes
 * ago, but it sends it only while every answer in it is still the store's current one, so asking
 * for them again on arrival would only repeat what the page holds.
 */
export function readServerQueryState(document: Document, now = Date.now()): DehydratedState {
  const text = document.getElementById(QUERY_STATE_SCRIPT_ID)?.textContent;
  let state: DehydratedState;
  try {
    state = text ? (JSON.parse(text) as DehydratedState) : { queries: [], mutations: [] };
  } catch {
    return { queries: [], mutations: [] };
  }
  for (const query of state.queries ?? []) if (query.state.status === 'success') query.state.dataUpdatedAt = now;
  return state;
}
