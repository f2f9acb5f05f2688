import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  deactivationAllowance,
  entitledMajor,
  licenceStatus,
  longDate,
  machineFileLifetime,
  majorOf,
  matchesProduct,
  pluginProduct,
} from './licensing-rules';

const DAY_MS = 86_400_000;
const NOW = new Date('2026-11-24T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

describe('a licence’s status', () => {
  it('is revoked before expired, expired from expiresAt on (fake clock), active otherwise', () => {
    const end = new Date('2026-12-01T00:00:00Z');
    expect(licenceStatus({ status: 'active', expiresAt: null }, NOW)).toBe('active');
    expect(licenceStatus({ status: 'active', expiresAt: end }, new Date(end.getTime() - 1))).toBe('active');
    expect(licenceStatus({ status: 'active', expiresAt: end }, end)).toBe('expired');
    expect(licenceStatus({ status: 'revoked', expiresAt: end }, new Date(end.getTime() + DAY_MS))).toBe('revoked');
  });

  it('matches its product, or the product it is a trial of', () => {
    expect(matchesProduct({ productPath: 'remidi-4', trialOfPath: null }, 'remidi-4')).toBe(true);
    expect(matchesProduct({ productPath: 'remidi-4-trial', trialOfPath: 'remidi-4' }, 'remidi-4')).toBe(true);
    expect(matchesProduct({ productPath: 'remidi-4-trial', trialOfPath: 'remidi-4' }, 'remidi-4-trial')).toBe(true);
    expect(matchesProduct({ productPath: 'remidi-4', trialOfPath: null }, 'rechannel')).toBe(false);
    expect(pluginProduct({ productPath: 'remidi-4-trial', trialOfPath: 'remidi-4' })).toBe('remidi-4');
  });
});

describe('the cooldown on deactivations', () => {
  it('allows 3 in any 30 days', () => {
    expect(deactivationAllowance([], NOW)).toEqual({ left: 3, nextAt: null });
    expect(deactivationAllowance([daysAgo(5), daysAgo(1)], NOW)).toEqual({ left: 1, nextAt: null });
  });

  it('names when the oldest of the last 3 leaves the window', () => {
    const allowance = deactivationAllowance([daysAgo(20), daysAgo(10), daysAgo(2)], NOW);
    expect(allowance).toEqual({ left: 0, nextAt: new Date(daysAgo(20).getTime() + 30 * DAY_MS) });
    expect(longDate(allowance.nextAt!)).toBe('4 December 2026');
  });

  it('forgets deactivations older than 30 days', () => {
    expect(deactivationAllowance([daysAgo(31), daysAgo(30), daysAgo(3)], NOW)).toEqual({ left: 2, nextAt: null });
  });
});

describe('machine file lifetimes', () => {
  it('last the configured days', () => {
    expect(machineFileLifetime(NOW, 30, null)).toEqual({ expiry: new Date(NOW.getTime() + 30 * DAY_MS), ttlSeconds: 30 * 86_400 });
  });

  it('never outlive a trial', () => {
    const trialEnd = new Date(NOW.getTime() + 2 * DAY_MS);
    expect(machineFileLifetime(NOW, 30, trialEnd)).toEqual({ expiry: trialEnd, ttlSeconds: 2 * 86_400 });
  });
});

describe('version comparison', () => {
  it('orders numbers part by part, a missing part being 0', () => {
    expect(compareVersions('4.2.1', '4.1.0')).toBe(1);
    expect(compareVersions('4.10.0', '4.9.9')).toBe(1);
    expect(compareVersions('4.2', '4.2.0')).toBe(0);
    expect(compareVersions('v5', '4.99')).toBe(1);
    expect(compareVersions('3.0.0', '4.0.0')).toBe(-1);
  });

  it('puts a pre-release before its release', () => {
    expect(compareVersions('5.0.0-beta.1', '5.0.0')).toBe(-1);
    expect(compareVersions('5.0.0', '5.0.0-rc.1')).toBe(1);
    expect(compareVersions('5.0.0-beta.1', '5.0.0-beta.2')).toBe(-1);
    expect(compareVersions('5.0.0-beta.1', '4.9.0')).toBe(1);
  });

  it('takes the first number as the major', () => {
    expect(majorOf('4.2.1')).toBe(4);
    expect(majorOf('v12.0')).toBe(12);
    expect(majorOf('beta')).toBe(0);
  });
});

describe('entitlement to a major version', () => {
  const versions = [
    { version: '5.0.0', publishedAt: daysAgo(10) },
    { version: '4.2.1', publishedAt: daysAgo(100) },
    { version: '4.0.0', publishedAt: daysAgo(300) },
  ];

  it('is the major of the newest version published when the licence was bought', () => {
    expect(entitledMajor(versions, daysAgo(50))).toBe(4);
    expect(entitledMajor(versions, daysAgo(5))).toBe(5);
  });

  it('is the first version’s major for a licence sold before any release, and none without releases', () => {
    expect(entitledMajor(versions, daysAgo(400))).toBe(4);
    expect(entitledMajor([], NOW)).toBeNull();
  });
});
