import { describe, expect, it, vi } from 'vitest';
import { createIdentityStore } from './identity-store';

// What talks to the provider is loaded on first use; here it could not be, as when the connection drops.
vi.mock('./identity-operations', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const CONFIG = { authority: 'http://localhost/idp', clientId: 'songwish-web', audience: 'http://localhost/api', provider: 'embedded' as const };

describe('the identity store without its operations', () => {
  it('ends the page-load check signed out, with the reason, rather than loading for good', async () => {
    const store = createIdentityStore({ config: CONFIG, hasStoredSession: () => true });
    expect(store.getState().status).toBe('loading');
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null, error: expect.any(Error) });
  });
});
