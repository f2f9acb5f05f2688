import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LyraSketch } from '@store/contracts/lyra';
import { LyraConversation } from '../conversation/lyra-conversation';
import { bodiesOf, errorResponse, fakeStoreFetch, jsonResponse, lyraAnswer, polyfillDialog } from '../testing/lyra-fixtures';
import type { LyraShopper } from '../types';
import LyraPanel from './lyra-panel';
import { LyraPage } from './lyra-page';

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

const sketch = (title: string, id: string): LyraSketch => ({
  id,
  title,
  key: 'A minor',
  bpm: 80,
  chords: ['Am7', 'Dm7'],
  seed: 1,
  style: 'lo-fi',
  midiUrl: `/api/lyra/sketches/${id}.mid`,
});

const entry = (id: string, data: unknown) => ({
  id,
  type: 'sketch_generated',
  influencer: 'lyra',
  data,
  createdAt: '2026-11-24T08:00:00.000Z',
});

const state = (greeting: string) => ({
  influencer: 'lyra',
  mood: 'warm',
  energy: 0.5,
  familiarity: 0.3,
  streakDays: 1,
  favouriteKeys: ['A minor'],
  favouriteMoods: ['melancholic'],
  lastSeen: '2026-11-24T08:00:00.000Z',
  greeting,
});

const FIRST_GREETING = 'Hi, I’m Lyra. Nice to meet you.';

const signedIn: LyraShopper = { signedIn: true, subject: 'shopper-1', getAccessToken: () => Promise.resolve('token-1') };

function renderPanel(shopper: LyraShopper) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <LyraPanel onClose={vi.fn()} conversation={new LyraConversation()} shopper={shopper} renderSketchPlayer={() => <p>player</p>} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const authorizationOf = (fetchMock: ReturnType<typeof fakeStoreFetch>, path: string, method = 'POST') =>
  fetchMock.mock.calls
    .filter(([url, init]) => url.startsWith(path) && (init?.method ?? 'GET') === method)
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.authorization);

describe('Lyra for a signed-in shopper', () => {
  it('opens with the greeting, lists their sketches (skipping entries that are not sketches) and asks with their token', async () => {
    const fetchMock = fakeStoreFetch(
      {
        'GET /api/lyra/psychological_state/me': () => jsonResponse(state('Back for more A minor? Last time we made Rainy night.')),
        'GET /api/creative/log?type=sketch_generated': () =>
          jsonResponse({
            entries: [
              entry('7d0c6f1e-1b1a-4c53-9a57-0c8f6f7f2b11', { sketch: sketch('Rainy night', 'rainy') }),
              entry('8d0c6f1e-1b1a-4c53-9a57-0c8f6f7f2b11', { wish: 'x' }),
            ],
            nextCursor: null,
          }),
      },
      lyraAnswer({ answer: 'Thirty days.' }),
    );
    renderPanel(signedIn);
    expect(await screen.findByText('Back for more A minor? Last time we made Rainy night.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your sketches' });
    expect(within(list).getAllByRole('region')).toHaveLength(1);
    expect(within(list).getByRole('region', { name: 'Rainy night' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /Download MIDI/ })).toHaveAttribute('href', '/api/lyra/sketches/rainy.mid');

    await userEvent.type(screen.getByRole('textbox', { name: /Ask Lyra/ }), 'Refunds?{Enter}');
    expect(await screen.findByText('Thirty days.')).toBeInTheDocument();
    expect(authorizationOf(fetchMock, '/api/lyra/chat')).toEqual(['Bearer token-1']);
    expect(authorizationOf(fetchMock, '/api/lyra/psychological_state/me', 'GET')).toEqual(['Bearer token-1']);
  });

  it('fetches the sketches and the greeting again after an answer with a sketch', async () => {
    let made = false;
    const fresh = sketch('Melancholic lo-fi in A minor', 'fresh');
    fakeStoreFetch(
      {
        'GET /api/lyra/psychological_state/me': () => jsonResponse(state(made ? 'Back for more A minor?' : 'Hello again.')),
        'GET /api/creative/log?type=sketch_generated': () =>
          jsonResponse({ entries: made ? [entry('7d0c6f1e-1b1a-4c53-9a57-0c8f6f7f2b11', { sketch: fresh })] : [], nextCursor: null }),
      },
      lyraAnswer({ answer: 'Here is your sketch.', citations: [], sketch: fresh }),
    );
    renderPanel(signedIn);
    expect(await screen.findByText('No sketches yet. Make a wish and the sketch is kept here.')).toBeInTheDocument();
    made = true;
    await userEvent.click(screen.getByRole('button', { name: 'melancholic lo-fi in A minor at 80 bpm' }));
    const list = await screen.findByRole('list', { name: 'Your sketches' });
    expect(within(list).getByRole('region', { name: 'Melancholic lo-fi in A minor' })).toBeInTheDocument();
  });

  it('shows the usual introduction when the greeting cannot be had, and still asks', async () => {
    fakeStoreFetch(
      {
        'GET /api/lyra/psychological_state/me': () => errorResponse(503, 'down'),
        'GET /api/creative/log?type=sketch_generated': () => jsonResponse({ entries: [], nextCursor: null }),
      },
      lyraAnswer({ answer: 'Thirty days.' }),
    );
    renderPanel(signedIn);
    expect(await screen.findByText(/Hi, I’m Lyra/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Ask Lyra/ }), 'Refunds?{Enter}');
    expect(await screen.findByText('Thirty days.')).toBeInTheDocument();
  });

  it('posts a play and a download of a sketch to the creative log with the token, and a failed post shows nothing', async () => {
    const made = sketch('Rainy night', 'rainy');
    const fetchMock = fakeStoreFetch({
      'GET /api/lyra/psychological_state/me': () => jsonResponse(state('Hello again.')),
      'GET /api/creative/log?type=sketch_generated': () =>
        jsonResponse({ entries: [entry('7d0c6f1e-1b1a-4c53-9a57-0c8f6f7f2b11', { sketch: made })], nextCursor: null }),
      'POST /api/creative/log': () => errorResponse(503, 'down'),
    });
    renderPanel(signedIn);
    const card = await within(await screen.findByRole('list', { name: 'Your sketches' })).findByRole('region', { name: 'Rainy night' });
    await userEvent.click(within(card).getByRole('button', { name: /Play/ }));
    await userEvent.click(within(card).getByRole('button', { name: /Pause/ }));
    within(card)
      .getByRole('link', { name: /Download MIDI/ })
      .addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(within(card).getByRole('link', { name: /Download MIDI/ }));
    const data = { sketchId: 'rainy', key: 'A minor', bpm: 80, style: 'lo-fi' };
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/api/creative/log')).toEqual([
        { type: 'sketch_played', data },
        { type: 'sketch_downloaded', data },
      ]),
    );
    expect(authorizationOf(fetchMock, '/api/creative/log')).toEqual(['Bearer token-1', 'Bearer token-1']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Forget my Lyra history', () => {
  /** A shopper with one sketch and a returning greeting, until the DELETE succeeds. */
  function rememberedShopper(forgetReply: () => Response) {
    let forgotten = false;
    const fetchMock = fakeStoreFetch(
      {
        'GET /api/lyra/psychological_state/me': () => jsonResponse(state(forgotten ? FIRST_GREETING : 'Back for more A minor?')),
        'GET /api/creative/log?type=sketch_generated': () =>
          jsonResponse({
            entries: forgotten ? [] : [entry('7d0c6f1e-1b1a-4c53-9a57-0c8f6f7f2b11', { sketch: sketch('Rainy night', 'rainy') })],
            nextCursor: null,
          }),
        'DELETE /api/lyra/memory': () => {
          const reply = forgetReply();
          forgotten = reply.ok;
          return reply;
        },
      },
      lyraAnswer({ answer: 'Thirty days.' }),
    );
    return fetchMock;
  }

  it('asks in place, sends DELETE with the token, then empties the sketches, the greeting and the conversation', async () => {
    const fetchMock = rememberedShopper(() => new Response(null, { status: 204 }));
    renderPanel(signedIn);
    await userEvent.type(screen.getByRole('textbox', { name: /Ask Lyra/ }), 'Refunds?{Enter}');
    expect(await screen.findByText('Thirty days.')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Your sketches' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Forget my Lyra history' }));
    const question = screen.getByRole('group', { name: /Forget all your conversations and sketches with Lyra\?/ });
    expect(within(question).getByRole('button', { name: 'Keep' })).toHaveFocus();
    expect(authorizationOf(fetchMock, '/api/lyra/memory', 'DELETE')).toEqual([]);
    await userEvent.click(within(question).getByRole('button', { name: 'Forget everything' }));

    expect(await screen.findByText('Lyra has forgotten your conversations and sketches.')).toHaveAttribute('aria-live', 'polite');
    expect(authorizationOf(fetchMock, '/api/lyra/memory', 'DELETE')).toEqual(['Bearer token-1']);
    expect(await screen.findByText('No sketches yet. Make a wish and the sketch is kept here.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your sketches' })).not.toBeInTheDocument();
    expect(await screen.findByText(FIRST_GREETING)).toBeInTheDocument();
    expect(screen.queryByText('Thirty days.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forget my Lyra history' })).toHaveFocus();
  });

  it('keeps everything when the shopper chooses Keep', async () => {
    const fetchMock = rememberedShopper(() => new Response(null, { status: 204 }));
    renderPanel(signedIn);
    expect(await screen.findByRole('list', { name: 'Your sketches' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Forget my Lyra history' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.getByRole('button', { name: 'Forget my Lyra history' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Forget everything' })).not.toBeInTheDocument();
    expect(authorizationOf(fetchMock, '/api/lyra/memory', 'DELETE')).toEqual([]);
  });

  it('says what happened when forgetting fails, keeps the sketches, and forgets when tried again', async () => {
    const replies = [errorResponse(503, 'down'), new Response(null, { status: 204 })];
    const fetchMock = rememberedShopper(() => replies.shift()!);
    renderPanel(signedIn);
    expect(await screen.findByRole('list', { name: 'Your sketches' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Forget my Lyra history' }));
    await userEvent.click(screen.getByRole('button', { name: 'Forget everything' }));
    expect(await screen.findByText('Lyra could not forget your history (error 503). Nothing was deleted. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your sketches' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Forget everything' }));
    expect(await screen.findByText('Lyra has forgotten your conversations and sketches.')).toBeInTheDocument();
    expect(authorizationOf(fetchMock, '/api/lyra/memory', 'DELETE')).toEqual(['Bearer token-1', 'Bearer token-1']);
  });
});

describe('Lyra for a signed-out shopper', () => {
  it('offers to sign in to keep the sketches, lists none and posts events without a token', async () => {
    const onLogin = vi.fn();
    const fetchMock = fakeStoreFetch({}, lyraAnswer({ answer: 'Here is your sketch.', citations: [], sketch: sketch('Rainy night', 'rainy') }));
    renderPanel({ signedIn: false, onLogin });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onLogin).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Your sketches')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'melancholic lo-fi in A minor at 80 bpm' }));
    await userEvent.click(await screen.findByRole('button', { name: /Play/ }));
    await waitFor(() => expect(bodiesOf(fetchMock, '/api/creative/log')).toHaveLength(1));
    expect(authorizationOf(fetchMock, '/api/creative/log')).toEqual([undefined]);
    expect(authorizationOf(fetchMock, '/api/lyra/chat')).toEqual([undefined]);
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/lyra/psychological_state'))).toBe(false);
  });
});

describe('/lyra for a signed-in shopper', () => {
  it('shows Your sketches beside the studio', async () => {
    fakeStoreFetch({
      'GET /api/lyra/psychological_state/me': () => jsonResponse(state('Hello again.')),
      'GET /api/creative/log?type=sketch_generated': () =>
        jsonResponse({ entries: [entry('7d0c6f1e-1b1a-4c53-9a57-0c8f6f7f2b11', { sketch: sketch('Rainy night', 'rainy') })], nextCursor: null }),
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <LyraPage conversation={new LyraConversation()} shopper={signedIn} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const section = await screen.findByRole('region', { name: 'Your sketches' });
    expect(await within(section).findByRole('region', { name: 'Rainy night' })).toBeInTheDocument();
    expect(await screen.findByText('Hello again.')).toBeInTheDocument();
  });
});
