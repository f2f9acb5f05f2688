import type { AdminCoupon, CouponCreate, CouponDetail, CouponList, CouponStatus, CouponUpdate } from '@store/contracts/admin';
import type { Database } from '#server/db/client.ts';
import type { CouponRow, NewCouponRow } from '#server/db/schema.ts';
import { changedBySomeoneElse, HttpError, notFound } from '#server/lib/http-error.ts';
import { auditOn } from '#server/modules/audit/audit.service.ts';
import { createCouponAdminRepository, type CouponAdminRepository, type CouponProductRow, type CouponWithUses } from './coupons.repository';
import { uniqueViolationOf } from '#server/lib/unique-violation.ts';

export interface CouponAdminOptions {
  db: Database;
  /** The store currency: an amount coupon takes off minor units of it. */
  currency: string;
  now?: () => Date;
}

/** Who makes a change, for the audit log. */
export interface CouponActor {
  email: string;
}

const CODE_TAKEN = 'Another coupon has this code';

/**
 * The back office's coupons: list, create, edit and expire, each write audited in its own
 * transaction. Coupons are never deleted: redemptions and orders refer to them.
 */
export function createCouponAdminService({ db, currency, now = () => new Date() }: CouponAdminOptions) {
  const repository = createCouponAdminRepository(db);

  async function detail(repo: CouponAdminRepository, coupon: CouponWithUses): Promise<CouponDetail> {
    const products = await repo.products();
    return { coupon: toAdminCoupon(coupon, products, now()), currency, products: products.map(({ path, name }) => ({ path, name })) };
  }

  /** The ids of the named products, in the order given; a path no product has is a field error. */
  async function productIdsOf(repo: CouponAdminRepository, paths: readonly string[]): Promise<number[]> {
    const found = await repo.productsByPaths(paths);
    const missing = paths.filter((path) => !found.some((product) => product.path === path));
    if (missing.length > 0) {
      const message = `No product has the path ${missing.map((path) => `'${path}'`).join(', ')}`;
      throw new HttpError(400, `${message}. Choose the products from the list.`, { productPaths: message });
    }
    return paths.map((path) => found.find((product) => product.path === path)!.id);
  }

  async function requireCoupon(repo: CouponAdminRepository, id: number, options: { lock?: boolean } = {}): Promise<CouponWithUses> {
    const coupon = await repo.find(id, options);
    if (!coupon) throw notFound(`No coupon has the id ${id}. It may have been created in another store.`);
    return coupon;
  }

  return {
    async list(): Promise<CouponList> {
      const [coupons, products] = await Promise.all([repository.list(), repository.products()]);
      const at = now();
      return {
        coupons: coupons.map((coupon) => toAdminCoupon(coupon, products, at)),
        currency,
        products: products.map(({ path, name }) => ({ path, name })),
      };
    },

    async get(id: number): Promise<CouponDetail> {
      return detail(repository, await requireCoupon(repository, id));
    },

    create(actor: CouponActor, input: CouponCreate): Promise<CouponDetail> {
      return db.transaction(async (tx) => {
        const repo = createCouponAdminRepository(tx);
        const row = await repo.insert(couponRow(input, await productIdsOf(repo, input.productPaths), currency, null));
        if (!row) throw codeTaken(input.code);
        await auditOn(tx).record({ actor: actor.email, action: 'coupon.create', subjectType: 'coupon', subjectId: row.id, after: row });
        return detail(repo, { ...row, uses: 0 });
      });
    },

    update(actor: CouponActor, id: number, input: CouponUpdate): Promise<CouponDetail> {
      return db.transaction(async (tx) => {
        const repo = createCouponAdminRepository(tx);
        const before = await requireCoupon(repo, id, { lock: true });
        if (before.version !== input.version) throw changedBySomeoneElse('coupon');
        refuseChangesOfUsedCoupon(before, input);
        if (input.code !== before.code && (await repo.codeTaken(input.code, id))) {
          throw codeTaken(input.code);
        }
        const changes = couponRow(input, await productIdsOf(repo, input.productPaths), currency, before.perCustomerLimit);
        const after = await repo.update(id, input.version, changes).catch((error: unknown) => {
          // Another administrator took the code between the check above and this save.
          throw uniqueViolationOf(error) === 'coupons_code_unique' ? codeTaken(input.code) : error;
        });
        if (!after) throw changedBySomeoneElse('coupon');
        await auditOn(tx).record({ actor: actor.email, action: 'coupon.update', subjectType: 'coupon', subjectId: id, before: withoutUses(before), after });
        return detail(repo, { ...after, uses: before.uses });
      });
    },

    /**
     * Ends the coupon now (its end date becomes now). A coupon that has ended already is left
     * as it is, so pressing Expire twice changes nothing the second time.
     */
    expire(actor: CouponActor, id: number): Promise<CouponDetail> {
      return db.transaction(async (tx) => {
        const repo = createCouponAdminRepository(tx);
        const before = await requireCoupon(repo, id, { lock: true });
        const at = now();
        if (before.validUntil && before.validUntil <= at) return detail(repo, before);
        // A start still to come would be after the new end, which no coupon can have: it never started.
        const validFrom = before.validFrom && before.validFrom >= at ? null : before.validFrom;
        const after = await repo.update(id, before.version, { validUntil: at, validFrom });
        if (!after) throw changedBySomeoneElse('coupon');
        await auditOn(tx).record({ actor: actor.email, action: 'coupon.expire', subjectType: 'coupon', subjectId: id, before: withoutUses(before), after });
        return detail(repo, { ...after, uses: before.uses });
      });
    },
  };
}

export type CouponAdminService = ReturnType<typeof createCouponAdminService>;

/**
 * Once a code has been used, orders, receipts and shoppers know it by its code and its
 * discount: changing them would rewrite what those people were given.
 */
function refuseChangesOfUsedCoupon(before: CouponWithUses, input: CouponUpdate): void {
  if (before.uses === 0) return;
  const used = `It has been used ${before.uses === 1 ? 'once' : `${before.uses} times`}`;
  const fields: Record<string, string> = {};
  if (input.code !== before.code) fields.code = `${used}, so its code stays ${before.code}. Create a new coupon for a new code.`;
  if (input.kind !== before.kind)
    fields.kind = `${used}, so it stays a ${before.kind === 'percent' ? 'percentage' : 'fixed amount'}. Create a new coupon instead.`;
  else if (input.kind === 'percent' && input.percentOff !== before.percentOff)
    fields.percentOff = `${used}, so its percentage stays ${before.percentOff}. Create a new coupon instead.`;
  else if (input.kind === 'amount' && input.amountOffMinor !== before.amountOffMinor)
    fields.amountOffMinor = `${used}, so its amount stays as it is. Create a new coupon instead.`;
  if (Object.keys(fields).length > 0) {
    throw new HttpError(409, `This coupon has been used: its code and discount can no longer change. ${Object.values(fields)[0]}`, fields);
  }
}

/** The columns a save writes. A per-customer limit set outside the back office survives while the box stays ticked. */
function couponRow(input: CouponCreate, productIds: number[], currency: string, perCustomerLimit: number | null): NewCouponRow {
  const amount = input.kind === 'amount';
  return {
    code: input.code,
    description: input.description,
    kind: input.kind,
    percentOff: amount ? null : input.percentOff,
    amountOffMinor: amount ? input.amountOffMinor : null,
    currency: amount ? currency : null,
    productIds,
    validFrom: input.validFrom ? new Date(input.validFrom) : null,
    validUntil: input.validUntil ? new Date(input.validUntil) : null,
    maxRedemptions: input.maxRedemptions,
    perCustomerLimit: input.oncePerCustomer ? (perCustomerLimit ?? 1) : null,
    active: input.active,
  };
}

function withoutUses({ uses: _uses, ...row }: CouponWithUses): CouponRow {
  return row;
}

/** What the coupon does now, in the order a maker looks for a reason it does not apply. */
export function couponStatus(coupon: CouponWithUses, at: Date): CouponStatus {
  if (!coupon.active) return 'off';
  if (coupon.validUntil && coupon.validUntil <= at) return 'expired';
  if (coupon.maxRedemptions !== null && coupon.uses >= coupon.maxRedemptions) return 'used up';
  if (coupon.validFrom && coupon.validFrom > at) return 'scheduled';
  return 'active';
}

function toAdminCoupon(coupon: CouponWithUses, products: CouponProductRow[], at: Date): AdminCoupon {
  return {
    id: coupon.id,
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    percentOff: coupon.percentOff,
    amountOffMinor: coupon.amountOffMinor,
    currency: coupon.currency,
    products: coupon.productIds.flatMap((id) => products.filter((product) => product.id === id).map(({ path, name }) => ({ path, name }))),
    validFrom: coupon.validFrom?.toISOString() ?? null,
    validUntil: coupon.validUntil?.toISOString() ?? null,
    maxRedemptions: coupon.maxRedemptions,
    oncePerCustomer: coupon.perCustomerLimit !== null,
    active: coupon.active,
    uses: coupon.uses,
    status: couponStatus(coupon, at),
    version: coupon.version,
    updatedAt: coupon.updatedAt.toISOString(),
  };
}

const codeTaken = (code: string) => new HttpError(409, `A coupon with the code ${code} exists already. Choose another code.`, { code: CODE_TAKEN });
