import { describe, expect, it, vi } from 'vitest';
import { GENERAL_FAILURE_MESSAGE } from '../constants';
import { IdentityTokenError } from './identity-errors';
import { shopperMessage } from './shopper-message';

// The failures' wording is loaded with the OpenID client; here it could not be, as when the connection drops.
vi.mock('./identity-failures', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a sign-in failure whose wording could not be loaded', () => {
  it('is told to the shopper in general words', async () => {
    await expect(shopperMessage(new IdentityTokenError('popup_blocked', 'Login failed'))).resolves.toBe(GENERAL_FAILURE_MESSAGE);
  });
});
