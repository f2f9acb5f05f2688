/**
 * The licensing rules that need no database: a licence's status, seats, the cooldown on
 * deactivations, machine-file lifetimes and version comparison (docs/behaviour/licensing.md).
 */

const DAY_MS = 86_400_000;

/** Computers a licence's owner may free in any 30 days, from the plugin and the account together. */
export const DEACTIVATIONS_PER_WINDOW = 3;
export const DEACTIVATION_WINDOW_DAYS = 30;

export type LicenceStatus = 'active' | 'expired' | 'revoked';

/** Revoked (a refund) wins over expired (a trial past its end). */
export function licenceStatus(licence: { status: 'active' | 'revoked'; expiresAt: Date | null }, now: Date): LicenceStatus {
  if (licence.status === 'revoked') return 'revoked';
  if (licence.expiresAt && licence.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** A licence is for product P when its product is P, or it is a trial of P. */
export function matchesProduct(licence: { productPath: string; trialOfPath: string | null }, product: string): boolean {
  return licence.productPath === product || licence.trialOfPath === product;
}

/** The product a plugin runs under this licence: a trial's licence unlocks the full product's plugin. */
export function pluginProduct(licence: { productPath: string; trialOfPath: string | null }): string {
  return licence.trialOfPath ?? licence.productPath;
}

// Whether one more computer fits (fewer active than seats) is decided by the insert itself,
// counted after the licence's lock (licensing.repository.ts `activateNew`, and the service's locked path).

/**
 * How many more computers may be freed now, given when the recent ones were (oldest first), and
 * when the next one may be once none are left: when the oldest in the window leaves it.
 */
export function deactivationAllowance(recent: Date[], now: Date): { left: number; nextAt: Date | null } {
  const windowStart = now.getTime() - DEACTIVATION_WINDOW_DAYS * DAY_MS;
  const inWindow = recent.map((at) => at.getTime()).filter((at) => at > windowStart);
  inWindow.sort((a, b) => a - b);
  const left = Math.max(0, DEACTIVATIONS_PER_WINDOW - inWindow.length);
  if (left > 0) return { left, nextAt: null };
  // The (count - max + 1)-th oldest must leave the window for one more to fit.
  const freeing = inWindow[inWindow.length - DEACTIVATIONS_PER_WINDOW]!;
  return { left: 0, nextAt: new Date(freeing + DEACTIVATION_WINDOW_DAYS * DAY_MS) };
}

/** '12 December 2026': how the shopper reads a date in a refusal. */
export function longDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A machine file's lifetime: the configured days, never past a trial's end. */
export function machineFileLifetime(issued: Date, ttlDays: number, licenceExpiresAt: Date | null): { expiry: Date; ttlSeconds: number } {
  let expiry = issued.getTime() + ttlDays * DAY_MS;
  if (licenceExpiresAt) expiry = Math.min(expiry, licenceExpiresAt.getTime());
  // `ttl` is whole seconds (at least one): a trial's file ends exactly with the trial, its ttl a fraction of a second short.
  const ttlSeconds = Math.max(1, Math.floor((expiry - issued.getTime()) / 1000));
  return { expiry: new Date(expiry), ttlSeconds };
}

interface ParsedVersion {
  numbers: number[];
  /** '4.0.0-beta.2' has the pre-release 'beta.2', which comes before 4.0.0. */
  prerelease: string;
}

function parseVersion(version: string): ParsedVersion {
  const [core = '', ...rest] = version.trim().replace(/^v/i, '').split('-');
  const numbers = core.split('.').map((part) => {
    const value = Number.parseInt(part, 10);
    return Number.isFinite(value) ? value : 0;
  });
  return { numbers, prerelease: rest.join('-') };
}

/**
 * Orders versions the way makers number them ('4.2.1', '4.10', 'v5', '5.0.0-beta'): numbers part
 * by part (a missing part is 0), then a pre-release before its release. Negative, 0 or positive.
 */
export function compareVersions(a: string, b: string): number {
  const left = parseVersion(a);
  const right = parseVersion(b);
  for (let i = 0; i < Math.max(left.numbers.length, right.numbers.length); i++) {
    const difference = (left.numbers[i] ?? 0) - (right.numbers[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  if (left.prerelease === right.prerelease) return 0;
  if (!left.prerelease) return 1;
  if (!right.prerelease) return -1;
  return left.prerelease < right.prerelease ? -1 : 1;
}

/** The major number: the version's first number. */
export const majorOf = (version: string) => parseVersion(version).numbers[0] ?? 0;

/**
 * The highest major version a paid licence is entitled to: that of the newest version published
 * when it was bought (or of the first version, for a licence sold before any release).
 */
export function entitledMajor(versions: Array<{ version: string; publishedAt: Date }>, boughtAt: Date): number | null {
  if (versions.length === 0) return null;
  const publishedThen = versions.filter((version) => version.publishedAt.getTime() <= boughtAt.getTime());
  const candidates =
    publishedThen.length > 0 ? publishedThen : [versions.reduce((first, version) => (version.publishedAt < first.publishedAt ? version : first))];
  return Math.max(...candidates.map((version) => majorOf(version.version)));
}
