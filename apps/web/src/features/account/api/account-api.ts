import { accountDataSchema, accountPreferencesSchema, type AccountData, type AccountPreferences, type TrackDownloadRequest } from '@store/contracts/account';
import { isRecord } from '@store/contracts/is-record';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost, apiSend, bearer } from '#web/lib/api-client.ts';

/** What the dashboard got: the account (perhaps with no orders), or no customer for this email (404 'No orders found'). */
export type AccountResult = { kind: 'loaded'; data: AccountData } | { kind: 'no-customer' };

/**
 * The account lookup with the bearer token (docs/behaviour/account.md#loading-the-account): the status first (404 means
 * no customer; any other non-OK answer is 'Failed to fetch orders: {status}'), then an `error` in the answer is the
 * error, then the account is read from `data` or the body itself.
 */
export async function fetchAccount(token: string, signal?: AbortSignal): Promise<AccountResult> {
  let body: unknown;
  try {
    body = await apiGet('/api/account', signal, bearer(token));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) return { kind: 'no-customer' };
    throw new ApiError(error.status, `Failed to fetch orders: ${error.status}`);
  }
  if (isRecord(body) && typeof body.error === 'string' && body.error.trim() !== '') throw new Error(body.error);
  const payload = isRecord(body) && 'data' in body ? body.data : body;
  const parsed = accountDataSchema.safeParse(payload);
  if (!parsed.success) {
    console.warn('Account: the account answer does not have the expected shape', parsed.error.issues);
    throw new Error('The account answer could not be read');
  }
  return { kind: 'loaded', data: parsed.data };
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

const preferencesKey = (subject: string) => ['account', subject, 'preferences'] as const;

/** The shopper's mail choices (release emails), read and saved with the bearer token. */
export function useMailPreferences({ subject, getAccessToken }: { subject: string; getAccessToken: () => Promise<string> }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: preferencesKey(subject),
    queryFn: async ({ signal }) => accountPreferencesSchema.parse(await apiGet('/api/account/preferences', signal, bearer(await getAccessToken()))),
  });
  const save = useMutation({
    mutationFn: async (preferences: AccountPreferences) =>
      accountPreferencesSchema.parse(await apiSend('PUT', '/api/account/preferences', preferences, { headers: bearer(await getAccessToken()) })),
    // A load that left before the save would answer with the old choice after it and undo the tick.
    onMutate: () => queryClient.cancelQueries({ queryKey: preferencesKey(subject) }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey(subject), saved),
  });
  return { query, save };
}
