/**
 * Fetch wrapper for the store API (storefront spec §7): credentials included, cross-origin
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

export async function apiGet(path: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(`${API_BASE_URL}${path}`, {
    credentials: 'include',
    mode: 'cors',
    headers: { accept: 'application/json' },
    signal,
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
