import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { apiDownload, apiGet, apiSend, bearer } from '#web/lib/api-client.ts';

/** The back office's calls to `/api/admin/*`, each with the administrator's access token. */
export interface AdminApi {
  get(path: string, signal?: AbortSignal): Promise<unknown>;
  send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<unknown>;
  /** Saves a file the API answers with (a CSV export) as a download. */
  download(path: string, fallbackName: string): Promise<void>;
  /** The current access token, for calls that cannot go through `send` (uploads). */
  accessToken(): Promise<string>;
}

const AdminApiContext = createContext<AdminApi | null>(null);

export const ADMIN_API = '/api/admin';

export function AdminApiProvider({ getAccessToken, children }: { getAccessToken: () => Promise<string | null>; children: ReactNode }) {
  const api = useMemo<AdminApi>(() => {
    const accessToken = async () => {
      const token = await getAccessToken();
      if (!token) throw new Error('Your session has ended. Sign in again to go on.');
      return token;
    };
    return {
      accessToken,
      get: async (path, signal) => apiGet(`${ADMIN_API}${path}`, signal, bearer(await accessToken())),
      send: async (method, path, body) => apiSend(method, `${ADMIN_API}${path}`, body, { headers: bearer(await accessToken()) }),
      download: async (path, fallbackName) => apiDownload(`${ADMIN_API}${path}`, fallbackName, bearer(await accessToken())),
    };
  }, [getAccessToken]);
  return <AdminApiContext value={api}>{children}</AdminApiContext>;
}

export function useAdminApi(): AdminApi {
  const api = useContext(AdminApiContext);
  if (!api) throw new Error('useAdminApi is used outside AdminApiProvider');
  return api;
}
