import type { CreativeLogRequest } from '@store/contracts/lyra-memory';
import { apiPost, bearer } from '#web/lib/api-client.ts';

/**
 * `POST /api/creative/log`: what the shopper did with a sketch, with their token when signed in
 * (kept for them) or without (only counted). Fire-and-forget: a failure is never shown.
 */
export function logCreativeEvent(event: CreativeLogRequest, getAccessToken?: () => Promise<string>): void {
  void (async () => {
    const token = await getAccessToken?.().catch(() => undefined);
    await apiPost('/api/creative/log', event, token ? { headers: bearer(token) } : {});
  })().catch(() => undefined);
}
