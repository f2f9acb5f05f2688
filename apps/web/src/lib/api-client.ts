/**
 * Fetch wrapper for the store API (docs/behaviour/site.md#calls-to-the-store-api): credentials included, cross-origin
 * mode, JSON in and out, and a non-OK answer thrown as 'HTTP {status}: {statusText}'.
 */
export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL as string | undefined)?.replace(/\/+$/, '') ?? '';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** What the server said went wrong (its JSON `message`), for calls that show it to the shopper. */
    readonly serverMessage?: string,
    /** Seconds to wait before asking again, from a 429's `retry-after` header. */
    readonly retryAfterSeconds?: number,
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

/** DELETEs a resource (`DELETE /api/lyra/memory`); resolves with nothing for a 204. */
export function apiDelete(path: string, options: { signal?: AbortSignal; headers?: Record<string, string> } = {}) {
  return apiRequest(path, { method: 'DELETE', ...options });
}

async function apiRequest(path: string, init: RequestInit & { headers?: Record<string, string> }): Promise<unknown> {
  const response = await fetch(`${API_BASE_URL}${path}`, {
    credentials: 'include',
    mode: 'cors',
    ...init,
    headers: { accept: 'application/json', ...init.headers },
  });
  if (!response.ok) throw await apiErrorOf(response);
  // No Content: there is no JSON to read.
  return response.status === 204 ? undefined : response.json();
}

/** The `ApiError` of a non-OK answer: its status, the server's message and `retry-after` (for calls that read the body themselves, like a stream). */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  return new ApiError(response.status, `HTTP ${response.status}: ${response.statusText}`, await serverMessageOf(response), retryAfterOf(response));
}

/** The `message` of the server's JSON error (`{error, message}`), if a short one is there. Reading the body also releases the connection. */
async function serverMessageOf(response: Response): Promise<string | undefined> {
  const text = await response.text().catch(() => '');
  try {
    const body: unknown = JSON.parse(text);
    const message = typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
    return typeof message === 'string' && message.length > 0 && message.length <= 500 ? message : undefined;
  } catch {
    return undefined;
  }
}

/** `retry-after` in seconds (a number of seconds or an HTTP date), or undefined. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value) ? Number(value) : Math.ceil((Date.parse(value) - Date.now()) / 1000);
  return Number.isFinite(seconds) ? Math.max(1, seconds) : undefined;
}

/** API-relative media paths ('/media/…') resolved against the API host. */
export function apiAssetUrl(path: string): string {
  return path.startsWith('/') ? `${API_BASE_URL}${path}` : path;
}
