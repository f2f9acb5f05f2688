import { creativeLogPageSchema, sketchGeneratedDataSchema } from '@store/contracts/lyra-memory';
import type { LyraSketch } from '@store/contracts/lyra';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, bearer } from '#web/lib/api-client.ts';
import { lyraMemoryQueryKey } from '../constants';

/** A sketch the shopper made, from their creative log. */
export interface YourSketch {
  entryId: string;
  sketch: LyraSketch;
  createdAt: string;
}

/**
 * `GET /api/creative/log?type=sketch_generated` (signed in): the shopper's sketches, newest first.
 * An entry whose `data` is not a sketch (an older or foreign shape) is left out, not an error.
 */
export async function getYourSketches(token: string, signal?: AbortSignal): Promise<YourSketch[]> {
  const page = creativeLogPageSchema.parse(await apiGet('/api/creative/log?type=sketch_generated', signal, bearer(token)));
  return page.entries.flatMap((entry) => {
    const data = sketchGeneratedDataSchema.safeParse(entry.data);
    return data.success ? [{ entryId: entry.id, sketch: data.data.sketch, createdAt: entry.createdAt }] : [];
  });
}

export const yourSketchesQueryOptions = (subject: string, getAccessToken: () => Promise<string>) =>
  queryOptions({
    queryKey: [...lyraMemoryQueryKey(subject), 'sketches'],
    queryFn: async ({ signal }) => getYourSketches(await getAccessToken(), signal),
  });
