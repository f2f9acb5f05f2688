/**
 * Fetch wrapper for the store API (docs/behaviour/site.md#calls-to-the-store-api): credentials included, cross-origin
 * mode, JSON in and out, and a non-OK answer thrown as 'HTTP {status}: {statusText}'.
 */
export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL as string | undefined)?.replace(/\/+$/, '') ?? '';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function apiGet(path: string, signal?: AbortSignal, headers?: Record<string, string>): Promise<unknown> {
  return apiRequest(path, { signal, headers });
}

/** The `Authorization` header for the store API's bearer-token endpoints (account, lookup, track-download). */
export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** POSTs a JSON body (the POST calls: orders, track-download), or no body at all when `body` is undefined (`POST /lookup`). */
export function apiPost(path: string, body: unknown, options: { signal?: AbortSignal; headers?: Record<string, string> } = {}) {
  const json = body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  return apiRequest(path, {
    method: 'POST',
    signal: options.signal,
    ...json,
    headers: { ...json.headers, ...options.headers },
  });
}

async function apiRequest(path: string, init: RequestInit & { headers?: Record<string, string> }): Promise<unknown> {
  const response = await fetch(`${API_BASE_URL}${path}`, {
    credentials: 'include',
    mode: 'cors',
    ...init,
    headers: { accept: 'application/json', ...init.headers },
  });
  if (!response.ok) {
    // Release the connection: an unread body keeps the request open.
    await response.body?.cancel().catch(() => undefined);
    throw new ApiError(response.status, `HTTP ${response.status}: ${response.statusText}`);
  }
  return response.json();
}

/** API-relative media paths ('/media/…') resolved against the API host. */
export function apiAssetUrl(path: string): string {
  return path.startsWith('/') ? `${API_BASE_URL}${path}` : path;
}
