import { API_BASE_URL, apiErrorOf, bearer } from '#web/lib/api-client.ts';

/**
 * `DELETE /api/lyra/memory` (signed in): Lyra forgets the shopper, their conversations and
 * creative log deleted at once. Answers 204 with no body, so it is not read as JSON.
 */
export async function forgetLyraMemory(token: string): Promise<void> {
  const response = await fetch(`${API_BASE_URL}/api/lyra/memory`, {
    method: 'DELETE',
    credentials: 'include',
    mode: 'cors',
    headers: { accept: 'application/json', ...bearer(token) },
  });
  if (!response.ok) throw await apiErrorOf(response);
}
