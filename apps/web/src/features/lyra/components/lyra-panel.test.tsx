import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LyraConversation } from '../conversation/lyra-conversation';
import { bodiesOf, chatRequest, errorResponse, fakeLyraFetch, lyraAnswer, OpenStream, polyfillDialog, requestBody, sse } from '../testing/lyra-fixtures';
import type { LyraPanelProps } from './lyra-panel';
import LyraPanel from './lyra-panel';

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

function renderPanel(props: Partial<LyraPanelProps> = {}, wrap: (node: ReactNode) => ReactNode = (node) => node) {
  const onClose = vi.fn();
  const conversation = new LyraConversation();
  const utils = render(wrap(<MemoryRouter>{<LyraPanel onClose={onClose} conversation={conversation} {...props} />}</MemoryRouter>));
  return { ...utils, onClose, conversation };
}

async function ask(question: string) {
  await userEvent.type(screen.getByRole('textbox', { name: /Ask Lyra/ }), question);
  await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
}

describe('the Lyra panel', () => {
  it('is a labelled modal dialog with the conversation as a log; Escape and Close close it', async () => {
    const { onClose } = renderPanel();
    const dialog = screen.getByRole('dialog', { name: 'Lyra' });
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('log', { name: 'Conversation with Lyra' })).toBeInTheDocument();
    // The question box has focus, inside the dialog.
    expect(screen.getByRole('textbox', { name: /Ask Lyra/ })).toHaveFocus();
    // The browser turns Escape on a modal dialog into a `cancel` event.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close Lyra' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('asks POST /api/lyra/chat as a stream and shows the answer with its [n] linked to the cited page and the numbered sources', async () => {
    const fetchMock = fakeLyraFetch(lyraAnswer());
    const { onClose } = renderPanel();
    await ask('Can I get a refund?');

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/lyra/chat',
      expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ accept: 'text/event-stream' }) as unknown }),
    );
    expect(requestBody(fetchMock)).toEqual(chatRequest('Can I get a refund?'));
    expect(await screen.findByText('30 days')).toBeInTheDocument();
    const marker = screen.getByRole('link', { name: '[1]' });
    expect(marker).toHaveAttribute('href', '/refund-policy#refunds');
    expect(marker).toHaveAttribute('title', 'Refund Policy — Refunds');
    const sources = screen.getByRole('list', { name: 'Sources' });
    expect(within(sources).getByRole('link', { name: 'Refund Policy — Refunds' })).toHaveAttribute('href', '/refund-policy#refunds');
    // Following a store link closes the panel (the router shows the page behind it).
    await userEvent.click(marker);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows 'Lyra is thinking…', then the text as it arrives with 'Lyra is writing…'; Stop aborts and keeps what arrived", async () => {
    const stream = new OpenStream();
    const fetchMock = fakeLyraFetch(stream);
    renderPanel();
    await ask('What is Pad Mapper?');
    expect(screen.getByRole('status')).toHaveTextContent('Lyra is thinking…');
    expect(screen.getByRole('button', { name: 'Ask' })).toBeDisabled();

    act(() => stream.send('delta', { text: 'Pad Mapper turns pads ' }));
    expect(await screen.findByText('Pad Mapper turns pads')).toBeInTheDocument();
    act(() => stream.send('delta', { text: 'into MIDI' }));
    expect(await screen.findByText('Pad Mapper turns pads into MIDI')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Lyra is writing…');
    // The growing answer is busy: screen readers wait for the finished one.
    expect(screen.getByText('Pad Mapper turns pads into MIDI').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    const signal = fetchMock.mock.calls[0]?.[1]?.signal;
    expect(signal?.aborted).toBe(true);
    expect(await screen.findByRole('button', { name: 'Ask again' })).toBeInTheDocument();
    expect(screen.getByRole('log')).toHaveTextContent(/Pad Mapper turns pads into MIDI\s*Stopped\./);
    expect(screen.queryByText(/Lyra is (thinking|writing)…/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    // The question box has focus and is usable again.
    expect(screen.getByRole('textbox', { name: /Ask Lyra/ })).toHaveFocus();
    await userEvent.type(screen.getByRole('textbox', { name: /Ask Lyra/ }), 'Next?');
    expect(screen.getByRole('button', { name: 'Ask' })).toBeEnabled();
  });

  it('announces the finished answer once, in plain words, from a polite live region', async () => {
    const stream = new OpenStream();
    fakeLyraFetch(stream);
    const { container } = renderPanel();
    await ask('Can I get a refund?');
    const announcer = container.ownerDocument.querySelector('div[aria-live="polite"]');
    act(() => stream.send('delta', { text: 'Within **30 days** [1].' }));
    await screen.findByText('30 days');
    expect(announcer).toHaveTextContent('');
    act(() => {
      stream.send('done', { mode: 'search', answered: true });
      stream.end();
    });
    await waitFor(() => expect(announcer).toHaveTextContent('Lyra: Within 30 days [1].'));
    expect(screen.getByRole('log')).toHaveAttribute('aria-live', 'off');
  });

  it('sends the earlier answered turns and the conversation id with the next question', async () => {
    const id = '0b0e3c1e-3f56-4a7e-9a57-0c8f6f7f2b11';
    const first = new Response(
      sse('delta', { text: 'Thirty days.' }) + sse('citations', { citations: [] }) + sse('done', { mode: 'search', answered: true, conversationId: id }),
      { headers: { 'content-type': 'text/event-stream' } },
    );
    const fetchMock = fakeLyraFetch(first, lyraAnswer({ answer: 'Yes, all tools.' }));
    renderPanel();
    await ask('Refunds?');
    await screen.findByText('Thirty days.');
    await ask('For every plugin?');
    await screen.findByText('Yes, all tools.');
    expect(requestBody(fetchMock, 1)).toEqual({
      ...chatRequest('For every plugin?', [
        { role: 'user', content: 'Refunds?' },
        { role: 'assistant', content: 'Thirty days.' },
      ]),
      conversationId: id,
    });
  });

  it('sends at most the 40 newest messages', async () => {
    const replies = Array.from({ length: 21 }, (_, n) => lyraAnswer({ answer: `Answer ${n}.`, citations: [] }));
    const fetchMock = fakeLyraFetch(...replies);
    const { conversation } = renderPanel();
    for (let n = 0; n < 21; n++) {
      act(() => void conversation.send({ query: `Question ${n}?` }));
      await screen.findByText(`Answer ${n}.`);
    }
    const last = requestBody(fetchMock, 20) as { messages: { content: string }[] };
    expect(last.messages).toHaveLength(40);
    expect(last.messages[0]).toEqual({ role: 'assistant', content: 'Answer 0.' });
    expect(last.messages.at(-1)).toEqual({ role: 'user', content: 'Question 20?' });
  });

  it.each([
    ['400: the server’s message', errorResponse(400, 'query: at most 2000 characters'), 'query: at most 2000 characters'],
    ['429: when to try again', errorResponse(429, 'Too many requests', { 'retry-after': '7' }), 'Too many questions at once — try again in 7 seconds.'],
    ['5xx: try again', errorResponse(503, 'upstream down'), 'Lyra ran into a problem on our side. Try again in a moment.'],
    ['network: check the connection', new TypeError('Failed to fetch'), 'Lyra could not be reached. Check your internet connection and try again.'],
    [
      'an answer that is not a stream',
      new Response('{"answer":42}', { status: 200, headers: { 'content-type': 'application/json' } }),
      'Lyra’s answer arrived in a form this page cannot read. Reload the page and try again.',
    ],
    [
      'an event off the contract',
      new Response(sse('delta', { text: 42 }), { headers: { 'content-type': 'text/event-stream' } }),
      'Lyra’s answer arrived in a form this page cannot read. Reload the page and try again.',
    ],
    [
      'an event that is not JSON',
      new Response(sse('delta', '{oops'), { headers: { 'content-type': 'text/event-stream' } }),
      'Lyra’s answer arrived in a form this page cannot read. Reload the page and try again.',
    ],
    [
      'the server’s error event',
      new Response(sse('delta', { text: 'Half' }) + sse('error', { message: 'Lyra could not finish this answer. Please ask again in a moment.' }), {
        headers: { 'content-type': 'text/event-stream' },
      }),
      'Lyra could not finish this answer. Please ask again in a moment.',
    ],
    [
      'a stream cut before its end',
      new Response(sse('delta', { text: 'Half' }), { headers: { 'content-type': 'text/event-stream' } }),
      'Lyra’s answer was cut off before the end. Check your internet connection and try again.',
    ],
  ])('says what went wrong and what to do — %s', async (_case, response, message) => {
    fakeLyraFetch(response);
    renderPanel();
    await ask('Hello?');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('asks a failed question again with Try again', async () => {
    const fetchMock = fakeLyraFetch(errorResponse(503, 'down'), lyraAnswer({ answer: 'Back again.' }));
    renderPanel();
    await ask('Are you there?');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again.')).toBeInTheDocument();
    expect(requestBody(fetchMock, 1)).toEqual(chatRequest('Are you there?'));
  });

  it('shows an answer Lyra is not sure of as a gentle I-don’t-know with the Support link', async () => {
    fakeLyraFetch(lyraAnswer({ answered: false, answer: 'I don’t know that one. The [Support page](/support) can help.', citations: [] }));
    renderPanel();
    await ask('What is the capital of France?');
    expect(await screen.findByText('I’m not sure about this one')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Support page' })).toHaveAttribute('href', '/support');
    expect(screen.queryByRole('list', { name: 'Sources' })).not.toBeInTheDocument();
  });

  it('shows the products an answer names, with the Add to Cart the app hands in', async () => {
    const product = { path: 'pad-mapper', display: 'Pad Mapper', price: '$59.00', image: '/media/pad-mapper.png' };
    fakeLyraFetch(lyraAnswer({ answer: 'Pad Mapper plays MIDI from pads [1].', products: [product] }));
    const renderProductAction = vi.fn((item: typeof product) => <button type="button">Add {item.display} to Cart</button>);
    renderPanel({ renderProductAction });
    await ask('What plays MIDI from pads?');
    const list = await screen.findByRole('list', { name: 'Products in this answer' });
    expect(within(list).getByRole('link', { name: 'Pad Mapper' })).toHaveAttribute('href', '/products/pad-mapper');
    expect(within(list).getByText('$59.00')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Add Pad Mapper to Cart' })).toBeInTheDocument();
    expect(renderProductAction).toHaveBeenCalledWith(product);
  });

  it('shows a sketch: key, tempo, chord chips, Play through the app’s player and a Download link', async () => {
    const sketch = {
      id: 'abc123',
      title: 'Rainy night in A minor',
      key: 'A minor',
      bpm: 80,
      chords: ['Am7', 'Dm7', 'G7', 'Cmaj7'],
      seed: 7,
      style: 'lo-fi',
      midiUrl: '/api/lyra/sketches/abc123.mid',
    };
    fakeLyraFetch(lyraAnswer({ answer: 'Here is your sketch.', citations: [], sketch }));
    const renderSketchPlayer = vi.fn(({ playing }: { playing: boolean }) => <p>{playing ? 'player playing' : 'player paused'}</p>);
    renderPanel({ renderSketchPlayer });
    await ask('melancholic lo-fi in A minor at 80 bpm');

    const card = await screen.findByRole('region', { name: 'Rainy night in A minor' });
    expect(within(card).getByText('A minor · 80 bpm · 4 bars')).toBeInTheDocument();
    expect(
      within(within(card).getByRole('list', { name: 'Chords' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(sketch.chords);
    const download = within(card).getByRole('link', { name: /Download MIDI\s*of Rainy night in A minor/ });
    expect(download).toHaveAttribute('href', '/api/lyra/sketches/abc123.mid');
    expect(download).toHaveAttribute('download', 'rainy-night-in-a-minor.mid');
    // The player is loaded only when the shopper presses Play (its sound needs that gesture).
    expect(renderSketchPlayer).not.toHaveBeenCalled();
    await userEvent.click(within(card).getByRole('button', { name: /Play\s*Rainy night in A minor/ }));
    expect(within(card).getByText('player playing')).toBeInTheDocument();
    expect(renderSketchPlayer).toHaveBeenLastCalledWith({ midiUrl: sketch.midiUrl, title: sketch.title, playing: true });
    await userEvent.click(within(card).getByRole('button', { name: /Pause\s*Rainy night in A minor/ }));
    expect(within(card).getByText('player paused')).toBeInTheDocument();
  });

  it('asks a pending question once, even when effects run twice', async () => {
    const fetchMock = fakeLyraFetch(lyraAnswer({ answer: 'A sketch from that pack.', citations: [] }));
    renderPanel({ pendingQuestion: { query: 'rainy night', remix: 'night-loops' } }, (node) => <StrictMode>{node}</StrictMode>);
    expect(await screen.findByText('A sketch from that pack.')).toBeInTheDocument();
    // A remix is asked through the streamed chat like any question, and counted as a remix started.
    expect(bodiesOf(fetchMock)).toEqual([{ ...chatRequest('rainy night'), remix: 'night-loops' }]);
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/api/creative/log')).toEqual([{ type: 'remix_started', data: { inspiration: 'rainy night', remix: 'night-loops' } }]),
    );
  });

  it('keeps the conversation in memory only', async () => {
    fakeLyraFetch(lyraAnswer());
    const { conversation, unmount } = renderPanel();
    await ask('Can I get a refund?');
    await screen.findByText('30 days');
    unmount();
    expect(localStorage.length + sessionStorage.length).toBe(0);
    // Opened again, the panel shows the same conversation.
    render(
      <MemoryRouter>
        <LyraPanel onClose={vi.fn()} conversation={conversation} />
      </MemoryRouter>,
    );
    expect(screen.getByText('30 days')).toBeInTheDocument();
    await act(async () => undefined);
  });
});

describe('waiting for the answer', () => {
  it('refuses a second question while one is being answered', async () => {
    const fetchMock = fakeLyraFetch('pending');
    const { conversation } = renderPanel();
    await ask('First?');
    expect(conversation.send({ query: 'Second?' })).toBe(false);
    await waitFor(() => expect(bodiesOf(fetchMock)).toHaveLength(1));
  });
});
