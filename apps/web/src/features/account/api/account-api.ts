import { accountDataSchema, type AccountData, type TrackDownloadRequest } from '@store/contracts/account';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost, bearer } from '#web/lib/api-client.ts';

/** What the dashboard got: the account, or no orders for this email yet (404 'No orders found'). */
export type AccountResult = { kind: 'loaded'; data: AccountData } | { kind: 'no-customer' };

/** The account lookup with the bearer token; 404 means 'No orders found' (docs/behaviour/account.md#loading-the-account). */
export async function fetchAccount(token: string, signal?: AbortSignal): Promise<AccountResult> {
  try {
    const body = await apiGet('/api/account', signal, bearer(token));
    // `data` or the body itself (docs/behaviour/account.md#loading-the-account).
    const payload = body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;
    return { kind: 'loaded', data: accountDataSchema.parse(payload) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'no-customer' };
    throw error;
  }
}

/** Fired when a first download is clicked; the result is ignored (docs/behaviour/downloads.md#download-tracking). */
export function trackDownload(token: string, body: TrackDownloadRequest): Promise<unknown> {
  return apiPost('/api/track-download', body, { headers: bearer(token) });
}

export const accountQueryKey = (subject: string) => ['account', subject] as const;

/** The account of the signed-in shopper; `enabled` turns true 500 ms after login (docs/behaviour/account.md#loading-the-account). */
export function useAccount({ subject, getAccessToken, enabled }: { subject: string; getAccessToken: () => Promise<string>; enabled: boolean }) {
  return useQuery({
    queryKey: accountQueryKey(subject),
    queryFn: async ({ signal }) => fetchAccount(await getAccessToken(), signal),
    enabled,
    // Download links are signed for 24 h; a visit's data stays fresh for a few minutes.
    staleTime: 5 * 60_000,
    // A refused token or an unverified email will not fix itself by asking again.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && !isTokenError(error) && failureCount < 1,
  });
}

function isTokenError(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && 'code' in error);
}
