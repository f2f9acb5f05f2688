import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteOff, noteOn, smf, track } from '../testing/smf-bytes';
import { useLandingVisualizer } from './use-landing-visualizer';

/** A fetch answer whose blob is the page's own Blob (jsdom's FileReader reads no other). */
const answer = (body: BlobPart) => ({ ok: true, status: 200, statusText: 'OK', blob: async () => new Blob([body]) });

describe('useLandingVisualizer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('loads, then is ready with the parsed song and the stored options', async () => {
    const fetchMock = vi.fn(async () => answer(smf(track([...noteOn(0, 60), ...noteOff(480, 60)]))));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useLandingVisualizer('/content/midi/landing.mid'));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'), { timeout: 4000 });
    expect(fetchMock).toHaveBeenCalledWith('/content/midi/landing.mid', expect.anything());
    if (result.current.status !== 'ready') throw new Error('not ready');
    expect(result.current.song.notes).toHaveLength(1);
    expect(result.current.options.Color).toBe('#8EF971');
  });

  it("fails with 'Failed to fetch: {statusText}' in the console when the answer is not OK", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('boom', { status: 500, statusText: 'Internal Server Error' })),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useLandingVisualizer('/content/midi/landing.mid'));
    await waitFor(() => expect(result.current.status).toBe('failed'), { timeout: 4000 });
    expect(error).toHaveBeenCalledWith('Failed to fetch: Internal Server Error');
  });

  it('fails on a file that is not MIDI', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer('<html>not midi</html>')),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useLandingVisualizer('/content/midi/landing.mid'));
    await waitFor(() => expect(result.current.status).toBe('failed'), { timeout: 4000 });
    expect(error).toHaveBeenCalledWith("Invalid MIDI file: unexpected bytes where 'MThd' was expected");
  });
});
