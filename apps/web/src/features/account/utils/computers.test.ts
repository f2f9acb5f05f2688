import { describe, expect, it } from 'vitest';
import { activationsLabel, formatLongDate, freedMessage, platformLabel, relativeTime, trialLabel } from './computers';

const now = new Date('2026-11-24T12:00:00Z');

describe('licence computers formatting', () => {
  it('says how long ago a computer was seen', () => {
    expect(relativeTime('2026-11-24T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-11-24T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-23T10:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-14T12:00:00Z', now)).toBe('10 days ago');
    expect(relativeTime('2026-08-20T12:00:00Z', now)).toBe('3 months ago');
  });

  it('writes dates in full and names platforms', () => {
    expect(formatLongDate('2026-12-08T12:00:00Z')).toBe('8 December 2026');
    expect(platformLabel('macos')).toBe('macOS');
    expect(platformLabel(null)).toBeNull();
  });

  it('labels trials by their end, and nothing else', () => {
    expect(trialLabel({ type: 'trial', expiresAt: '2026-12-08T12:00:00Z' }, now)).toBe('Trial · ends 8 December 2026');
    expect(trialLabel({ type: 'trial', expiresAt: '2026-11-20T12:00:00Z' }, now)).toBe('Trial ended');
    expect(trialLabel({ type: 'perpetual', expiresAt: null }, now)).toBeNull();
  });

  it('counts computers and deactivations', () => {
    expect(activationsLabel(2, 3)).toBe('2 of 3 computers');
    expect(activationsLabel(0, 1)).toBe('0 of 1 computer');
    expect(freedMessage('Studio Mac', 2)).toBe('Freed “Studio Mac”. 2 deactivations left; each counts for 30 days.');
    expect(freedMessage('Studio Mac', 1)).toBe('Freed “Studio Mac”. 1 deactivation left; each counts for 30 days.');
    expect(freedMessage('Studio Mac', 0)).toBe('Freed “Studio Mac”. That was the last deactivation for now; each counts for 30 days.');
  });
});
