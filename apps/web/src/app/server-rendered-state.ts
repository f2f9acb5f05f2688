import type { DehydratedState } from '@tanstack/react-query';
import { QUERY_STATE_SCRIPT_ID } from '@store/contracts/server-rendering';

/** The query cache the server rendered the page with (an empty one when the page has none or it is unreadable). */
export function readServerQueryState(document: Document): DehydratedState {
  const text = document.getElementById(QUERY_STATE_SCRIPT_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as DehydratedState) : { queries: [], mutations: [] };
  } catch {
    return { queries: [], mutations: [] };
  }
}
