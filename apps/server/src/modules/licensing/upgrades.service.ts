import { randomBytes } from 'node:crypto';
import type { UpgradeCouponResponse, UpgradeOffer } from '@store/contracts';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import type { CouponService } from '#server/modules/coupons/coupons.service.ts';
import { createLegacyLicencesRepository, type UpgradeTarget } from './legacy-licences.repository';

export interface UpgradesOptions {
  db: Database;
  /** The coupons module on the request's transaction: it owns the coupons table. */
  coupons: (tx: Database) => Pick<CouponService, 'createSingleUse' | 'findByCode'>;
  supportEmail: string;
}

/** What the shopper asks for: an old licence key's upgrade price on a product (both read through the contracts). */
export interface UpgradeCouponInput {
  product: string;
  legacyKey: string;
}

/** 'UPG-' and 20 characters of base32: 100 bits, so nobody finds another key's coupon by guessing. */
export function newUpgradeCouponCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(20);
  return `UPG-${Array.from(bytes, (byte) => alphabet[byte & 31]).join('')}`;
}

/**
 * Upgrade pricing (docs/behaviour/upgrades.md): an imported legacy licence key buys one
 * one-time coupon on a product that offers an upgrade from the key's product. The key's row is
 * locked while its coupon is made, so concurrent requests for one key end with one coupon.
 */
export function createUpgradesService({ db, coupons, supportEmail }: UpgradesOptions) {
  return {
    /** The key's coupon: made now (`created`) or the one it got before. */
    requestCoupon(input: UpgradeCouponInput): Promise<UpgradeCouponResponse & { created: boolean }> {
      return db.transaction(async (tx) => {
        const repository = createLegacyLicencesRepository(tx);
        const target = await repository.findUpgradeTarget(input.product);
        if (!target?.live) throw new HttpError(404, 'This product is not on sale. Open its page from the catalogue and try again.');
        if (target.upgradeOffers.length === 0) throw keyError(422, `${target.displayName} has no upgrade prices.`);
        const legacy = await repository.findByKey(input.legacyKey, { lock: true });
        if (!legacy) throw keyError(404, unknownKeyMessage(target, supportEmail));
        if (legacy.upgradedAt) throw keyError(409, 'This licence key has already been upgraded.');
        const offer = target.upgradeOffers.find((candidate) => candidate.from === legacy.product);
        if (!offer) throw keyError(422, `This licence key is not for ${namesOf(target.upgradeOffers)}, so it gives no upgrade price on ${target.displayName}.`);
        const couponsOnTx = coupons(tx);
        if (legacy.upgradeCouponCode) {
          const coupon = await couponsOnTx.findByCode(legacy.upgradeCouponCode);
          // A key has one coupon; if a maker removed its product from it, the key has been spent elsewhere.
          if (!coupon?.productIds.includes(target.id) || coupon.percentOff === null) {
            throw keyError(409, `This licence key's upgrade is for another product. Write to ${supportEmail} if that is wrong.`);
          }
          return { couponCode: coupon.code, percentOff: coupon.percentOff, fromName: offer.fromName, product: target.path, created: false };
        }
        const code = newUpgradeCouponCode();
        const made = await couponsOnTx.createSingleUse({
          code,
          description: `Upgrade from ${offer.fromName} to ${target.displayName} (legacy licence #${legacy.id})`,
          percentOff: offer.percentOff,
          productId: target.id,
        });
        // The row lock makes both failures all but impossible; failing rolls the coupon back with them.
        if (!made || !(await repository.setUpgradeCoupon(legacy.id, code))) throw new Error('the upgrade coupon could not be recorded');
        return { couponCode: code, percentOff: offer.percentOff, fromName: offer.fromName, product: target.path, created: true };
      });
    },
  };
}

export type UpgradesService = ReturnType<typeof createUpgradesService>;

/** An error about the key the shopper typed, shown beside the field. */
const keyError = (status: number, message: string) => new HttpError(status, message, { legacyKey: message });

/** 'reMIDI 3 or reMIDI 2' */
const namesOf = (offers: readonly UpgradeOffer[]) => offers.map((offer) => offer.fromName).join(' or ');

function unknownKeyMessage(target: UpgradeTarget, supportEmail: string): string {
  return `We can't find that licence key. Check it against your ${namesOf(target.upgradeOffers)} email, or write to ${supportEmail} with it.`;
}
