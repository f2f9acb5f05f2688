import { apiDelete, bearer } from '#web/lib/api-client.ts';

/** `DELETE /api/lyra/memory` (signed in): Lyra forgets the shopper, their conversations and creative log deleted at once. */
export async function forgetLyraMemory(token: string): Promise<void> {
  await apiDelete('/api/lyra/memory', { headers: bearer(token) });
}
