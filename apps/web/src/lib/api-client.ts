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
    /** The server's message for each input field at fault, by its path (`price`, `keyFacts.0.value`), for forms. */
    readonly fields: Readonly<Record<string, string>> = {},
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

/** Sends a JSON body with any method (the back office's PUT and PATCH), or none when `body` is undefined. */
export function apiSend(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  options: { signal?: AbortSignal; headers?: Record<string, string> } = {},
) {
  const json = body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  return apiRequest(path, { method, signal: options.signal, ...json, headers: { ...json.headers, ...options.headers } });
}

/**
 * GETs a file (a CSV export) and hands it to the browser as a download, named as the server's
 * `content-disposition` says (else `fallbackName`). Errors are `ApiError`s like every call's.
 */
export async function apiDownload(path: string, fallbackName: string, headers?: Record<string, string>): Promise<void> {
  const response = await fetch(`${API_BASE_URL}${path}`, { credentials: 'include', mode: 'cors', headers });
  if (!response.ok) throw await apiErrorOf(response);
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once the browser took it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
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
  const { message, fields } = await serverErrorOf(response);
  return new ApiError(response.status, `HTTP ${response.status}: ${response.statusText}`, message, retryAfterOf(response), fields);
}

/**
 * The `message` of the server's JSON error (`{error, message, fields?}`), if a short one is there,
 * and its field messages. Reading the body also releases the connection.
 */
async function serverErrorOf(response: Response): Promise<{ message?: string; fields?: Record<string, string> }> {
  const text = await response.text().catch(() => '');
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return {};
    const message = 'message' in body && typeof body.message === 'string' && body.message.length > 0 && body.message.length <= 500 ? body.message : undefined;
    return { message, fields: 'fields' in body ? fieldMessagesOf(body.fields) : undefined };
  } catch {
    return {};
  }
}

function fieldMessagesOf(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return Object.fromEntries(entries.slice(0, 100));
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
