import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Midi } from '@tonejs/midi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingMidiFile } from '../src/modules/content/content-files';
import { createTestApp, type TestApp } from './helpers';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

describe('GET /content/midi/landing.mid', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the generated landing piece: a looping piano piece of 30 to 60 seconds with the sustain pedal', async () => {
    const response = await t.app.inject('/content/midi/landing.mid');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/midi');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const midi = new Midi(response.rawPayload);
    expect(midi.duration).toBeGreaterThan(30);
    expect(midi.duration).toBeLessThan(60);
    expect(midi.tracks.flatMap((track) => track.notes).length).toBeGreaterThan(100);
    expect(midi.tracks.some((track) => (track.controlChanges[64]?.length ?? 0) > 0)).toBe(true);
  });

  it("serves a maker's own file in its place", async () => {
    await writeFile(landingMidiFile(path.join(t.dataDir, 'content')), 'MThd-replaced');
    const response = await t.app.inject('/content/midi/landing.mid');
    expect(response.body).toBe('MThd-replaced');
  });

  it('answers 404 for other paths, not the app', async () => {
    const response = await t.app.inject({ url: '/content/midi/none.mid', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('tells the page where the landing MIDI is', async () => {
    const response = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(response.body).toContain('&quot;landingMidiUrl&quot;:&quot;/content/midi/landing.mid&quot;');
  });
});

describe('LANDING_MIDI_URL on a CDN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, env: { LANDING_MIDI_URL: 'https://cdn.example.com/songwish/landing.mid' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets the page fetch it and tells the page the URL', async () => {
    const response = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(directive(String(response.headers['content-security-policy']), 'connect-src')).toContain('https://cdn.example.com');
    expect(response.body).toContain('https://cdn.example.com/songwish/landing.mid');
  });
});
