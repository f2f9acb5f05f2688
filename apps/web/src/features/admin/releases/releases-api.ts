import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { productReleasesSchema, publishResultSchema, releaseSchema, type ReleaseInput } from '@store/contracts/admin';
import { useAdminApi } from '../api/admin-api-context';

export const releasesKey = (productId: number) => ['admin', 'releases', productId] as const;

const versionsPath = (productId: number) => `/products/${productId}/versions`;

/** The product's versions, newest first, with their files and the number of owners a publish emails. */
export function useProductReleases(productId: number) {
  const api = useAdminApi();
  return useQuery({
    queryKey: releasesKey(productId),
    queryFn: async ({ signal }) => productReleasesSchema.parse(await api.get(versionsPath(productId), signal)),
  });
}

/** The release writes; each reloads the list when it succeeds. */
export function useReleaseActions(productId: number) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: releasesKey(productId) });
  return {
    save: useMutation({
      mutationFn: async ({ versionId, body }: { versionId?: number; body: ReleaseInput }) =>
        releaseSchema.parse(
          versionId === undefined
            ? await api.send('POST', versionsPath(productId), body)
            : await api.send('PUT', `${versionsPath(productId)}/${versionId}`, body),
        ),
      onSuccess,
    }),
    publish: useMutation({
      mutationFn: async (versionId: number) => publishResultSchema.parse(await api.send('POST', `${versionsPath(productId)}/${versionId}/publish`)),
      onSuccess,
    }),
    deleteDraft: useMutation({
      mutationFn: (versionId: number) => api.send('DELETE', `${versionsPath(productId)}/${versionId}`),
      onSuccess,
    }),
    deleteFile: useMutation({
      mutationFn: ({ versionId, fileId }: { versionId: number; fileId: number }) =>
        api.send('DELETE', `${versionsPath(productId)}/${versionId}/files/${fileId}`),
      onSuccess,
    }),
    /** A finished upload added a file row: show it. */
    fileAdded: onSuccess,
  };
}
