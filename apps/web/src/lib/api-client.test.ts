import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, apiDelete } from './api-client';

describe('apiGet', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends credentials in cors mode and returns the JSON', async () => {
    const fetchMock = vi.fn(async () => new Response('[1]', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await apiGet('/api/products/')).toEqual([1]);
    expect(fetchMock).toHaveBeenCalledWith('/api/products/', expect.objectContaining({ credentials: 'include', mode: 'cors' }));
  });

  it("throws 'HTTP {status}: {statusText}' and releases the body of a failed answer", async () => {
    const response = new Response('{"error":"Not Found"}', { status: 404, statusText: 'Not Found' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => response),
    );
    const error = await apiGet('/api/products/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('HTTP 404: Not Found');
    expect((error as ApiError).status).toBe(404);
    expect(response.bodyUsed || response.body?.locked === false).toBe(true);
    await expect(response.text()).rejects.toThrow();
  });
});

describe('ApiError details', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the server's message and a 429's retry-after seconds", async () => {
    const response = new Response('{"error":"Too Many Requests","message":"Slow down."}', { status: 429, headers: { 'retry-after': '12' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => response),
    );
    const error = (await apiPost('/api/lyra/query', { query: 'x' }).catch((caught: unknown) => caught)) as ApiError;
    expect(error).toMatchObject({ status: 429, serverMessage: 'Slow down.', retryAfterSeconds: 12 });
  });

  it('has no server message when the body is not a JSON error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const error = (await apiGet('/api/x').catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.serverMessage).toBeUndefined();
    expect(error.retryAfterSeconds).toBeUndefined();
  });
});

describe('apiPost', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a JSON body, or no body and no content type when the body is undefined', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiPost('/api/orders/', { reference: 'R1' });
    await apiPost('/lookup', undefined, { headers: { authorization: 'Bearer tok' } });
    const [withBody, withoutBody] = fetchMock.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1]);
    expect(withBody).toMatchObject({ method: 'POST', body: '{"reference":"R1"}', headers: { 'content-type': 'application/json' } });
    expect(withoutBody!.body).toBeUndefined();
    expect(withoutBody!.headers).toEqual({ accept: 'application/json', authorization: 'Bearer tok' });
  });
});

describe('apiDelete', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends DELETE with its headers and resolves with nothing for a 204 (no JSON to read)', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiDelete('/api/lyra/memory', { headers: { authorization: 'Bearer tok' } })).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/lyra/memory');
    expect(init).toMatchObject({ method: 'DELETE', credentials: 'include', headers: { accept: 'application/json', authorization: 'Bearer tok' } });
  });

  it('throws the ApiError of a refused delete', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"message":"Sign in first"}', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiDelete('/api/lyra/memory')).rejects.toMatchObject({ status: 401, serverMessage: 'Sign in first' });
  });
});
