import { ApiError } from '#web/lib/api-client.ts';

/** What to tell the maker when a call failed: the server's own words when it gave some. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status === 0 || error.status >= 500) return 'The store could not do this right now. Nothing was changed; try again in a moment.';
    return `The store refused this (${error.status}).`;
  }
  if (error instanceof TypeError) return 'The store cannot be reached. Check your connection; nothing was changed.';
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/** The server's message for each field, to show beside it (`setError` in a form). */
export function fieldErrors(error: unknown): Readonly<Record<string, string>> {
  return error instanceof ApiError ? error.fields : {};
}
