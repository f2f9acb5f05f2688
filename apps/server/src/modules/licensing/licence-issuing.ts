import type { Database } from '#server/db/client.ts';
import type { ChangeChannel } from '#server/db/database-changes.ts';
import type { ProductRow } from '#server/db/schema.ts';
import { generateLicenceKey } from './licence-key';
import { createLicencesRepository, type LicencesRepository } from './licences.repository';

export interface IssueRequest {
  orderItemId: number;
  customerId: number;
  product: ProductRow;
  quantity: number;
  /** The order's coupon codes, normalised as the coupons module stores them: an upgrade coupon links the new licence to the old one. */
  orderCouponCodes: string[];
  /** A complimentary licence: 'nfr' (not for resale) or 'perpetual'; a trial product ignores it. */
  type?: 'perpetual' | 'nfr';
  /** Computers each key activates, instead of the product's number (a complimentary licence). */
  seats?: number;
}

/** What the order confirmation tells about the keys of one line. */
export interface IssuedKeys {
  keys: string[];
  /** The new licences' ids (empty when a trial key already held was sent again). */
  licenceIds?: number[];
  /** For a trial product: when the key ends, and whether it is the trial key the customer already had. */
  trial?: { expiresAt: Date; alreadyHad: boolean };
}

export interface LicenceIssuingOptions {
  /** Days a trial key works (LICENSING_TRIAL_DAYS). */
  trialDays: number;
  /** The licence caches' channel (its subjects are licence ids): a revocation must reach every process's cache. */
  changes?: Pick<ChangeChannel, 'announce' | 'afterCommit'>;
  /** Runs a step once the order event's transaction committed. */
  afterCommit?: (step: () => void) => void;
  now?: () => Date;
}

const DAY_MS = 86_400_000;

/**
 * Issuing and revoking licence keys for the orders pipeline, on the order event's transaction
 * (docs/behaviour/licence-keys.md): N units of a licensed product are N keys of its seats each;
 * a trial product is one trial key per email address; an upgrade coupon links the new key to the
 * legacy licence it was made for, once.
 */
export function createLicenceIssuing(tx: Database, options: LicenceIssuingOptions) {
  const repository = createLicencesRepository(tx);
  const now = options.now ?? (() => new Date());

  async function issue(request: IssueRequest): Promise<IssuedKeys> {
    const { product } = request;
    if (!product.licenceSeats) return { keys: [] };
    if (product.trialOfProductId !== null) return issueTrial(request, product.licenceSeats);

    const keys = Array.from({ length: request.quantity }, () => generateLicenceKey());
    const seats = request.seats ?? product.licenceSeats;
    const type = request.type ?? 'perpetual';
    const ids = await repository.insertLicences(
      keys.map((key) => ({ key, orderItemId: request.orderItemId, customerId: request.customerId, productId: product.id, seats, type })),
    );
    if (ids[0] !== undefined) await linkUpgrade(repository, { licenceId: ids[0], product, codes: request.orderCouponCodes, at: now() });
    return { keys, licenceIds: ids };
  }

  /**
   * One trial per email address (customers are one per email): a customer who already has a trial
   * of this product gets that key again, and no new one, whatever quantity the order names.
   */
  async function issueTrial(request: IssueRequest, seats: number): Promise<IssuedKeys> {
    await repository.lockCustomer(request.customerId);
    const existing = await repository.findTrial(request.customerId, request.product.id);
    if (existing) return { keys: [existing.key], trial: { expiresAt: existing.expiresAt!, alreadyHad: true } };
    const key = generateLicenceKey();
    const expiresAt = new Date(now().getTime() + options.trialDays * DAY_MS);
    const licenceIds = await repository.insertLicences([
      { key, orderItemId: request.orderItemId, customerId: request.customerId, productId: request.product.id, seats, type: 'trial', expiresAt },
    ]);
    return { keys: [key], licenceIds, trial: { expiresAt, alreadyHad: false } };
  }

  /** Revokes `quantity` of the line's licence keys (refunded units) and frees their computers. */
  async function revoke({ orderItemId, quantity, at }: { orderItemId: number; quantity: number; at: Date }): Promise<number> {
    const revoked = (await repository.revokeLicences(orderItemId, quantity, at)).map(String);
    if (revoked.length > 0 && options.changes) {
      // Told in the transaction (the other processes hear it on commit); this process's cache drops them once committed.
      const { changes } = options;
      await changes.announce(tx, ...revoked);
      options.afterCommit?.(() => changes.afterCommit(...revoked));
    }
    return revoked.length;
  }

  /** The keys each of these lines holds now (revoked ones left out), with a trial key's end: what a resent confirmation lists. */
  async function keysOf(orderItemIds: number[]): Promise<Map<number, IssuedKeys>> {
    const byLine = new Map<number, IssuedKeys>();
    for (const licence of await repository.licencesOfOrderItems(orderItemIds)) {
      if (licence.status !== 'active') continue;
      const line = byLine.get(licence.orderItemId) ?? { keys: [] };
      line.keys.push(licence.key);
      if (licence.type === 'trial' && licence.expiresAt) line.trial = { expiresAt: licence.expiresAt, alreadyHad: false };
      byLine.set(licence.orderItemId, line);
    }
    return byLine;
  }

  return { issue, revoke, keysOf };
}

export type LicenceIssuing = ReturnType<typeof createLicenceIssuing>;

/**
 * Records what the new licence upgrades: the first legacy licence whose upgrade coupon the order
 * used and whose product one of this product's upgrade offers names. The legacy row is marked
 * with a conditional update, so it is claimed by one order only.
 */
async function linkUpgrade(
  repository: LicencesRepository,
  { licenceId, product, codes, at }: { licenceId: number; product: ProductRow; codes: string[]; at: Date },
) {
  if (codes.length === 0 || product.upgradeOffers.length === 0) return;
  const offered = new Set(product.upgradeOffers.map((offer) => offer.from));
  for (const legacy of await repository.upgradableLegacyByCoupons(codes)) {
    if (!offered.has(legacy.product)) continue;
    if (!(await repository.markLegacyUpgraded(legacy.id, at))) continue;
    await repository.recordUpgradedFrom(licenceId, legacy.id);
    return;
  }
}
