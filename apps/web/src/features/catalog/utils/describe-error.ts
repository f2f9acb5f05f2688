import { NO_PRODUCTS_ARRAY } from '@store/contracts/catalog/normalize';
import { ApiError } from '#web/lib/api-client.ts';

/** A load failure in plain words for the shopper, keeping the technical reason in brackets. */
export function describeLoadError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status >= 500) return `Our store server ran into a problem (${error.message}).`;
    if (error.status === 429) return `The store is busy right now (${error.message}).`;
    return `The store answered with an error (${error.message}).`;
  }
  if (error instanceof Error) {
    if (error.message === NO_PRODUCTS_ARRAY) return `The store sent an answer we couldn't read (${NO_PRODUCTS_ARRAY}).`;
    // fetch() rejects with a TypeError when the server cannot be reached at all.
    if (error.name === 'TypeError') return "The store server couldn't be reached.";
    if (error.name === 'AbortError') return 'The request was cancelled.';
    if (error.message) return `${error.message}.`.replace(/\.\.$/, '.');
  }
  return 'Something unexpected went wrong.';
}
