import type {
  ActivateRequest,
  ActivateResponse,
  CheckoutFileResponse,
  DeactivateResponse,
  KeyAndFingerprint,
  LicensingCode,
  PublicKeyResponse,
  ReleasesCheckRequest,
  ReleasesCheckResponse,
  ValidateResponse,
} from './types';

/**
 * Errors, in two kinds a plugin treats differently:
 * - LicensingError: the store answered and refused (4xx `{valid: false, code, message}`). Show
 *   `message` to the shopper; act on `code` (docs/licensing.md, "What to do on each code").
 * - LicensingUnreachableError: no usable answer (network down, timeout, 5xx, not the store). The
 *   plugin falls back to its machine file (verifyMachineFile) and tries again later.
 * `POST /validate` answers an unusable licence with 200 `{valid: false, code}`: that is returned, not thrown.
 */
export class LicensingError extends Error {
  override readonly name = 'LicensingError';
  constructor(
    readonly code: LicensingCode,
    message: string,
    /** The HTTP status: 400, 403, 404, 409, 422 or 429. */
    readonly status: number,
    /** For RATE_LIMITED: seconds to wait, from Retry-After. */
    readonly retryAfterSeconds: number | null = null,
    /** For INVALID_REQUEST: the message per field. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export type UnreachableReason = 'network' | 'timeout' | 'server-error' | 'bad-answer';

export class LicensingUnreachableError extends Error {
  override readonly name = 'LicensingUnreachableError';
  constructor(
    readonly reason: UnreachableReason,
    message: string,
    /** The HTTP status when there was one (5xx, or an answer that was not the store's). */
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface LicensingClientOptions {
  /** The store's address, e.g. 'https://shop.example.com' (the API is at /api/licensing/v1). */
  storeUrl: string;
  /** The product's path in the store, e.g. 'remidi-4'. */
  product: string;
  /** Defaults to the global fetch (Node 20, Electron's main process). */
  fetch?: typeof fetch;
  /** Per request; default 10 s. */
  timeoutMs?: number;
}

export interface LicensingClient {
  /** 201 new activation or 200 already active; throws LicensingError for TOO_MANY_MACHINES, EXPIRED, … */
  activate(request: ActivateRequest): Promise<ActivateResponse>;
  /** Refreshes lastSeenAt; `valid: false` with a code when the licence cannot be used here. */
  validate(request: KeyAndFingerprint): Promise<ValidateResponse>;
  /** Frees this computer's seat; TOO_MANY_DEACTIVATIONS past 3 in 30 days. */
  deactivate(request: KeyAndFingerprint): Promise<DeactivateResponse>;
  /** A fresh machine file, for a computer about to work offline. */
  checkoutFile(request: KeyAndFingerprint): Promise<CheckoutFileResponse>;
  checkForUpdate(request: ReleasesCheckRequest): Promise<ReleasesCheckResponse>;
  /** For setting up a build; a plugin embeds the key rather than trusting one fetched at run time. */
  getPublicKey(): Promise<PublicKeyResponse>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const API_PATH = '/api/licensing/v1';

export function createLicensingClient(options: LicensingClientOptions): LicensingClient {
  // Kept as given so a store served under a path prefix (https://example.com/shop) works too.
  const base = new URL(options.storeUrl).href.replace(/\/+$/, '') + API_PATH;
  const { product } = options;
  const call = <T>(method: 'GET' | 'POST', path: string, body: object | undefined, accept: (value: Record<string, unknown>) => boolean) =>
    request<T>({
      url: `${base}${path}`,
      method,
      body,
      accept,
      fetchImpl: options.fetch ?? globalThis.fetch,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });

  return {
    activate: (input) => call('POST', '/activate', { ...input, product }, (a) => a.valid === true && typeof a.machineFile === 'string'),
    validate: ({ licenseKey, fingerprint }) =>
      call('POST', '/validate', { licenseKey, product, fingerprint }, (a) => typeof a.valid === 'boolean' && typeof a.code === 'string'),
    deactivate: ({ licenseKey, fingerprint }) => call('POST', '/deactivate', { licenseKey, fingerprint }, (a) => a.deactivated === true),
    checkoutFile: ({ licenseKey, fingerprint }) =>
      call('POST', '/checkout-file', { licenseKey, fingerprint }, (a) => typeof a.machineFile === 'string' && typeof a.expiry === 'string'),
    checkForUpdate: (input) => call('POST', '/releases/check', { ...input, product }, (a) => typeof a.updateAvailable === 'boolean'),
    getPublicKey: () => call('GET', '/public-key', undefined, (a) => a.algorithm === 'ed25519' && typeof a.base64 === 'string'),
  };
}

interface Call {
  url: string;
  method: 'GET' | 'POST';
  body: object | undefined;
  /** Whether a 2xx body is the answer this endpoint promises. */
  accept: (value: Record<string, unknown>) => boolean;
  fetchImpl: typeof fetch;
  timeoutMs: number;
}

async function request<T>(call: Call): Promise<T> {
  let response: Response;
  let text: string;
  try {
    response = await call.fetchImpl(call.url, {
      method: call.method,
      headers: call.body ? { 'content-type': 'application/json', accept: 'application/json' } : { accept: 'application/json' },
      body: call.body ? JSON.stringify(call.body) : undefined,
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new LicensingUnreachableError(
      timedOut ? 'timeout' : 'network',
      timedOut ? `The store did not answer within ${call.timeoutMs / 1000} s` : 'The store could not be reached',
      null,
      { cause: error },
    );
  }
  const body = parseObject(text);
  if (response.status >= 500) throw new LicensingUnreachableError('server-error', `The store answered ${response.status}; try again later`, response.status);
  if (response.status >= 400) throw refusalFrom(response, body);
  if (!body || !call.accept(body))
    throw new LicensingUnreachableError('bad-answer', `${call.url} did not answer as the store's licensing API`, response.status);
  return body as T;
}

/** A 4xx as a LicensingError; a 4xx that is not the store's shape (a proxy's page) counts as unreachable. */
function refusalFrom(response: Response, body: Record<string, unknown> | null): Error {
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  if (body && body.valid === false && typeof body.code === 'string' && typeof body.message === 'string') {
    const fields = isStringRecord(body.fields) ? body.fields : {};
    return new LicensingError(body.code as LicensingCode, body.message, response.status, retryAfter, fields);
  }
  if (response.status === 429) return new LicensingError('RATE_LIMITED', 'Too many requests; try again later', 429, retryAfter);
  return new LicensingUnreachableError('bad-answer', `The store answered ${response.status} without a licensing refusal`, response.status);
}

/** Retry-After in seconds or as an HTTP date. */
function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((entry) => typeof entry === 'string');
}
