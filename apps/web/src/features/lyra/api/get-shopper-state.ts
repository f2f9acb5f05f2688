import { lyraShopperStateSchema, type LyraShopperState } from '@store/contracts/lyra-memory';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, bearer } from '#web/lib/api-client.ts';
import { lyraMemoryQueryKey } from '../constants';

/** `GET /api/lyra/psychological_state/me` (signed in): Lyra toward this shopper, with the greeting the chat opens with. */
export async function getShopperState(token: string, signal?: AbortSignal): Promise<LyraShopperState> {
  return lyraShopperStateSchema.parse(await apiGet('/api/lyra/psychological_state/me', signal, bearer(token)));
}

export const shopperStateQueryOptions = (subject: string, getAccessToken: () => Promise<string>) =>
  queryOptions({
    queryKey: [...lyraMemoryQueryKey(subject), 'state'],
    queryFn: async ({ signal }) => getShopperState(await getAccessToken(), signal),
    // The usual intro shows meanwhile or instead: asking never waits for the greeting.
    retry: false,
  });
