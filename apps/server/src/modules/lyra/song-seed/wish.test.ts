import { describe, expect, it } from 'vitest';
import { parseKey, parseTempo, parseWish } from './wish';

describe('parseWish', () => {
  it.each([
    ['melancholic lo-fi in A minor at 80 bpm', { tonic: 'A', mode: 'minor', bpm: 80, style: 'lo-fi', mood: 'melancholic' }],
    ['a jazz ii-V-I in Bb', { tonic: 'Bb', mode: 'major', bpm: 120, style: 'jazz', twoFiveOne: true }],
    ['dark cinematic loop in F# minor', { tonic: 'F#', mode: 'minor', style: 'cinematic', mood: 'dark' }],
    ['chords in Am, 120bpm', { tonic: 'A', mode: 'minor', bpm: 120 }],
    ['write me a song in e flat major', { tonic: 'Eb', mode: 'major' }],
    ['slow Dbm ballad melody', { tonic: 'Db', mode: 'minor', style: 'ballad', bpm: 70 }],
    ['house groove in G♯ minor', { tonic: 'G#', mode: 'minor', style: 'house', bpm: 124 }],
  ])('reads the key, mode, tempo, style and mood of %j', (text, expected) => {
    expect(parseWish(text)).toMatchObject(expected);
  });

  it('takes the mode from the mood when the key does not say it, and defaults to C major or A minor', () => {
    expect(parseWish('sad piano chords')).toMatchObject({ tonic: 'A', mode: 'minor' });
    expect(parseWish('hopeful pop chords')).toMatchObject({ tonic: 'C', mode: 'major', style: 'pop', bpm: 100, mood: 'hopeful' });
    expect(parseWish('a melancholic progression in D')).toMatchObject({ tonic: 'D', mode: 'minor' });
    expect(parseWish('a bright song in D')).toMatchObject({ tonic: 'D', mode: 'major' });
    expect(parseWish('make me a beat')).toMatchObject({ tonic: 'C', mode: 'major', style: 'pop', mood: null, bars: 8 });
  });

  it('takes each style’s usual tempo when none is given', () => {
    expect(parseWish('lo-fi chords')?.bpm).toBe(80);
    expect(parseWish('jazz chords')?.bpm).toBe(120);
    expect(parseWish('pop song')?.bpm).toBe(100);
    expect(parseWish('house track')?.bpm).toBe(124);
    expect(parseWish('hip hop beat')?.bpm).toBe(90);
    expect(parseWish('ballad melody')?.bpm).toBe(70);
    expect(parseWish('trap beat at 140')?.bpm).toBe(140);
  });

  it('reads 16 bars when asked, else 8', () => {
    expect(parseWish('pop chords, 16 bars')?.bars).toBe(16);
    expect(parseWish('pop chords')?.bars).toBe(8);
  });

  it.each([
    'How many computers can I use reMIDI 4 on?',
    'what is your refund policy',
    'Is my licence key sent by email?',
    'give me a refund',
    'How many chord progressions are in the jazz set?',
    'hello',
    'I am sad',
  ])('is null for %j, which is not a wish', (text) => {
    expect(parseWish(text)).toBeNull();
  });

  it('does not read the article "a" as the key of A', () => {
    expect(parseWish('a dreamy chord progression in a slow tempo')).toMatchObject({ tonic: 'C', mode: 'major' });
  });
});

describe('parseKey and parseTempo', () => {
  it('reads sharps, flats and the m suffix', () => {
    expect(parseKey('C# minor')).toEqual({ tonic: 'C#', mode: 'minor' });
    expect(parseKey('Bbm')).toEqual({ tonic: 'Bb', mode: 'minor' });
    expect(parseKey('F# major')).toEqual({ tonic: 'F#', mode: 'major' });
    expect(parseKey('in Eb')).toEqual({ tonic: 'Eb', mode: null });
    expect(parseKey('in bb')).toEqual({ tonic: 'Bb', mode: null });
    expect(parseKey('A Minor')).toEqual({ tonic: 'A', mode: 'minor' });
    expect(parseKey('Amazing grace')).toBeNull();
    expect(parseKey('at 9 AM')).toBeNull();
  });

  it('reads tempos written several ways and keeps them within 40–240', () => {
    expect(parseTempo('80 bpm')).toBe(80);
    expect(parseTempo('120bpm')).toBe(120);
    expect(parseTempo('at 90')).toBe(90);
    expect(parseTempo('at 300 bpm')).toBe(240);
    expect(parseTempo('20% off at 50 percent')).toBeNull();
    expect(parseTempo('at 10 tonight')).toBeNull();
    expect(parseTempo('at 11 pm')).toBeNull();
  });
});
