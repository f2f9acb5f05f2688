import { accountLicenceMachinesSchema, type AccountLicenceMachines } from '@store/contracts/licensing';
import { useQuery } from '@tanstack/react-query';
import { apiGet, bearer } from '#web/lib/api-client.ts';

export type AccountLicenceWithMachines = AccountLicenceMachines['licenses'][number];

export const accountLicencesQueryKey = (subject: string) => ['account', subject, 'licences'] as const;

/** `GET /api/account/licences`: each of the shopper's licences with the computers it is active on. */
export async function getAccountLicences(token: string, signal?: AbortSignal): Promise<AccountLicenceMachines> {
  const parsed = accountLicenceMachinesSchema.safeParse(await apiGet('/api/account/licences', signal, bearer(token)));
  if (!parsed.success) {
    console.warn('Account: the licences answer does not have the expected shape', parsed.error.issues);
    throw new Error('The licences answer could not be read');
  }
  return parsed.data;
}

/**
 * The licence panel's computers; only asked for when the account has licences (a shopper without
 * any would get nothing from it).
 */
export function useAccountLicences({ subject, getAccessToken, enabled }: { subject: string; getAccessToken: () => Promise<string>; enabled: boolean }) {
  return useQuery({
    queryKey: accountLicencesQueryKey(subject),
    queryFn: async ({ signal }) => getAccountLicences(await getAccessToken(), signal),
    enabled,
    // "Last seen" moves as plugins check in: a visit's data is fresh for a minute.
    staleTime: 60_000,
  });
}
