import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, bearer } from '#web/lib/api-client.ts';
import { accountLicencesQueryKey } from './get-account-licences';

export interface DeactivateMachineInput {
  licenseKey: string;
  machineId: string;
}

/**
 * `DELETE /api/account/licences/{licenseKey}/machines/{machineId}`: frees one computer of the
 * shopper's licence. A refusal (the 30-day limit on deactivations) is an `ApiError` whose
 * `serverMessage` names the date the next one is possible.
 */
export async function deactivateMachine(token: string, { licenseKey, machineId }: DeactivateMachineInput): Promise<void> {
  await apiDelete(`/api/account/licences/${encodeURIComponent(licenseKey)}/machines/${encodeURIComponent(machineId)}`, { headers: bearer(token) });
}

/** Deactivates, then reads the licences again so the panel shows what the server now holds. */
export function useDeactivateMachine({ subject, getAccessToken }: { subject: string; getAccessToken: () => Promise<string> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DeactivateMachineInput) => deactivateMachine(await getAccessToken(), input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountLicencesQueryKey(subject) }),
  });
}
