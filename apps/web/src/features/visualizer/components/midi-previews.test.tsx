import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PLAYER_OPTIONS, PLAYER_OPTIONS_KEY } from '../options/player-options';
import MidiPreviews from './midi-previews';

const previews = [{ src: '/media/previews/loop.mid', title: 'Loop 1' }];

describe('MIDI previews on a server-rendered product page', () => {
  beforeEach(() => {
    // The file never arrives: both renders show the loading state.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    document.body.innerHTML = '';
  });

  it("adopt the server's HTML (rendered with the defaults) and then follow the shopper's stored options", async () => {
    // The server has no storage: it renders the default options, with sound and its toggle.
    localStorage.clear();
    const html = renderToString(<MidiPreviews previews={previews} productName="Loops" />);
    expect(html).toContain('Mute preview');
    // This shopper turned the sound off in the player.
    localStorage.setItem(PLAYER_OPTIONS_KEY, JSON.stringify({ ...DEFAULT_PLAYER_OPTIONS, soundOn: false }));

    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, <MidiPreviews previews={previews} productName="Loops" />, { onRecoverableError: (error) => recoverable.push(error) });
    });

    expect(recoverable).toEqual([]);
    expect(root.textContent).not.toContain('Mute preview');
    expect(root.querySelector('h2')?.textContent).toBe('Hear the MIDI');
  });
});
