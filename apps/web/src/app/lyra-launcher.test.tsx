import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLyraFetch, lyraAnswer, polyfillDialog, requestBody } from '#web/features/lyra/testing/lyra-fixtures.ts';
import { LyraLauncher } from './lyra-launcher';
import { NavigationEffects, PENDING_REMIX_KEY } from './navigation-effects';

// Signed out: the panel asks anonymously and offers to sign in.
vi.mock('#web/features/identity/identity-provider.tsx', () => ({
  useIdentity: () => ({ status: 'unauthenticated', user: null, store: { login: vi.fn(() => Promise.resolve()) } }),
}));

beforeAll(polyfillDialog);
beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(address: string) {
  const element = (
    <>
      <NavigationEffects />
      <p>The page</p>
      <LyraLauncher />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [address] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the Ask Lyra button', () => {
  it('opens the panel, and Escape closes it and gives focus back to the button', async () => {
    renderAt('/products');
    const button = screen.getByRole('button', { name: 'Ask Lyra' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    // The first open fetches the panel's chunk (transformed on the fly here: slow on a busy machine).
    const dialog = await screen.findByRole('dialog', { name: 'Lyra' }, { timeout: 10_000 });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('is not on /lyra, where the page is the conversation', () => {
    renderAt('/lyra');
    expect(screen.queryByRole('button', { name: 'Ask Lyra' })).not.toBeInTheDocument();
  });
});

describe('a pending remix', () => {
  it('opens the panel and asks once with the inspiration and the pack, then forgets it', async () => {
    const fetchMock = fakeLyraFetch(lyraAnswer({ answer: 'A rainy sketch.', citations: [] }));
    renderAt('/?inspiration=rainy%20night&remix=loop-kit-one');
    await screen.findByRole('dialog', { name: 'Lyra' }, { timeout: 10_000 });
    expect(await screen.findByText('A rainy sketch.')).toBeInTheDocument();
    const body = requestBody(fetchMock) as { messages: unknown[]; remix?: string };
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'rainy night' });
    expect(body.remix).toBe('loop-kit-one');
    expect(requestBody(fetchMock, 1)).toBeUndefined();
    expect(sessionStorage.getItem(PENDING_REMIX_KEY)).toBeNull();
  });

  it('drops a remix that is not a product path, and asks for the inspiration alone', async () => {
    const fetchMock = fakeLyraFetch(lyraAnswer({ answer: 'Just the wish.', citations: [] }));
    renderAt('/about?inspiration=sunrise&remix=..%2Fetc');
    expect(await screen.findByText('Just the wish.')).toBeInTheDocument();
    // The conversation is the store's one: earlier tests' turns come before the new question.
    expect((requestBody(fetchMock) as { messages: unknown[] }).messages.at(-1)).toEqual({ role: 'user', content: 'sunrise' });
  });
});
