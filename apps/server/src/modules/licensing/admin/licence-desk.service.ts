import { randomInt } from 'node:crypto';
import {
  COMPLIMENTARY_PURPOSE_LABELS,
  type ComplimentaryLicenceCreated,
  type ComplimentaryProducts,
  type LicenceDetail,
  type LicenceExtendTrial,
  type LicenceHistoryEntry,
  type LicenceList,
  type licenceListQuerySchema,
  type complimentaryLicenceCreateSchema,
} from '@store/contracts/admin';
import type { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { ProductRow } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/lib/http-error.ts';
import { auditOn } from '#server/modules/audit/audit.service.ts';
import { normaliseLicenceKey } from '../licence-key';
import { licenceStatus, longDate } from '../licensing-rules';
import type { LicenceChanges } from '../licensing.service';
import { createLicenceDeskRepository, type LicenceDeskRepository } from './licence-desk.repository';
import { toAdminLicence } from '../admin-licence-view';

/** Who acts, for the audit log. */
export interface DeskActor {
  email: string;
}

/** What the desk needs from the orders module to give a licence away (its `recordComplimentaryOrder`). */
export interface ComplimentaryOrders {
  recordComplimentaryOrder(
    input: { email: string; product: ProductRow; currency: string; reference: string; licenceType: 'perpetual' | 'nfr'; seats?: number },
    alsoInTransaction?: (tx: Database, recorded: { orderId: number; reference: string; keys: string[]; licenceIds: number[] }) => Promise<void>,
  ): Promise<{ orderId: number; reference: string; keys: string[]; licenceIds: number[] }>;
}

export interface LicenceDeskOptions {
  db: Database;
  orders: ComplimentaryOrders;
  /** The processes' licence caches: every write here changes what validate answers. */
  changes?: Pick<LicenceChanges, 'announce' | 'afterCommit'>;
  currency: string;
  /** The audit log's back-office actions on a licence, newest first (the audit module's read, wired in app.ts). */
  auditTrail: (licenceId: number) => Promise<Array<{ action: string; actor: string; after: unknown; createdAt: Date }>>;
  now?: () => Date;
}

type ListQuery = z.output<typeof licenceListQuerySchema>;
type ComplimentaryInput = z.output<typeof complimentaryLicenceCreateSchema>;
type FoundLicence = NonNullable<Awaited<ReturnType<LicenceDeskRepository['find']>>>;

const DAY_MS = 86_400_000;
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const RELEASE_REASONS: Record<string, string> = {
  deactivated: 'freed by the customer',
  stale: 'unseen for too long, freed automatically',
  revoked: 'the licence was revoked',
  freed: 'freed from the back office',
};

export const RESTORE_REFUNDED = "This licence's purchase was refunded; restoring it would give away the product. Issue a complimentary licence instead.";

/**
 * The licence desk (docs/behaviour/back-office.md#licence-desk): search licences, read one with
 * its computers and history, free a computer, revoke, restore, extend a trial, and give a
 * complimentary licence. Each write locks the licence, is audited in its transaction and is
 * announced to the licence caches.
 */
export function createLicenceDeskService({ db, orders, changes, currency, auditTrail, now = () => new Date() }: LicenceDeskOptions) {
  const repository = createLicenceDeskRepository(db);

  async function list(query: ListQuery): Promise<LicenceList> {
    const at = now();
    const key = query.q === undefined ? undefined : normaliseLicenceKey(query.q);
    const rows = await repository.search({
      ...(key ? { key } : {}),
      ...(query.q === undefined ? {} : { emailPrefix: query.q.toLowerCase() }),
      ...(query.productId === undefined ? {} : { productId: query.productId }),
      ...(query.status ? { status: query.status } : {}),
      ...(query.type ? { type: query.type } : {}),
      ...(query.after === undefined ? {} : { beforeId: decodeCursor(query.after) }),
      limit: query.limit,
      now: at,
    });
    const page = rows.slice(0, query.limit);
    return {
      licences: page.map((row) => ({
        id: row.id,
        key: row.key,
        productId: row.productId,
        productName: row.productName,
        customerId: row.customerId,
        email: row.email,
        type: row.type,
        status: licenceStatus(row, at),
        seats: row.seats,
        activeMachines: Number(row.activeMachines),
        expiresAt: row.expiresAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      })),
      next: rows.length > query.limit ? encodeCursor(page.at(-1)!.id) : null,
    };
  }

  async function detail(found: FoundLicence): Promise<LicenceDetail> {
    const at = now();
    const { licence } = found;
    const [machines, events, otherActive] = await Promise.all([
      repository.machines(licence.id),
      auditTrail(licence.id),
      repository.otherActiveOnLine(licence.orderItemId, licence.id),
    ]);
    const adminLicence = toAdminLicence({ ...licence, productName: found.productName, machines });
    const history: LicenceHistoryEntry[] = [];
    const entry = (date: Date, event: LicenceHistoryEntry['event'], summary: string, actor: string | null = null) =>
      history.push({ at: date.toISOString(), event, summary, actor });
    entry(
      licence.createdAt,
      'issued',
      found.orderKind === 'complimentary'
        ? `Issued as a complimentary licence with order ${found.orderReference}`
        : `Issued with order ${found.orderReference}`,
    );
    for (const machine of machines) {
      const name = machineName(machine);
      entry(machine.activatedAt, 'activated', `Activated on ${name}`);
      if (machine.releasedAt)
        entry(machine.releasedAt, 'released', `${capitalise(name)} released: ${RELEASE_REASONS[machine.releasedReason ?? ''] ?? 'released'}`);
    }
    const revokedFromOffice = events.some(
      (event) => event.action === 'licence.revoke' && (event.after as { revokedAt?: string } | null)?.revokedAt === adminLicence.revokedAt,
    );
    if (licence.revokedAt && !revokedFromOffice) entry(licence.revokedAt, 'revoked', 'Revoked after its purchase was refunded');
    for (const event of events) entry(event.createdAt, 'back-office', auditSummary(event.action, event.after as Record<string, unknown> | null), event.actor);
    // Newest first; of two at one instant, the later-recorded first (the list above is in happening order).
    const ordered = history.map((item, index) => ({ item, index }));
    ordered.sort((a, b) => b.item.at.localeCompare(a.item.at) || b.index - a.index);

    const unitsLeft = found.lineQuantity - found.lineRefunded;
    return {
      licence: adminLicence,
      status: licenceStatus(licence, at),
      customer: { id: licence.customerId, email: found.customerEmail, erased: found.customerErasedAt !== null },
      order: { id: found.orderId, reference: found.orderReference, kind: found.orderKind },
      restoreBlocked: licence.status === 'revoked' && otherActive >= unitsLeft ? RESTORE_REFUNDED : null,
      history: ordered.map(({ item }) => item),
    };
  }

  async function get(licenceId: number): Promise<LicenceDetail> {
    const found = await repository.find(licenceId);
    if (!found) throw unknownLicence(licenceId);
    return detail(found);
  }

  /**
   * A write of one licence under its lock: `work` changes it and says what to audit; the change is
   * audited and announced to the licence caches in the transaction, and this process's cache drops
   * it once committed.
   */
  async function write(
    actor: DeskActor,
    licenceId: number,
    work: (repo: LicenceDeskRepository, found: FoundLicence, at: Date) => Promise<{ action: string; before?: object; after?: object }>,
  ): Promise<LicenceDetail> {
    const at = now();
    await db.transaction(async (tx) => {
      const repo = createLicenceDeskRepository(tx);
      const found = await repo.find(licenceId, { lock: true });
      if (!found) throw unknownLicence(licenceId);
      const change = await work(repo, found, at);
      await auditOn(tx).record({ actor: actor.email, subjectType: 'licence', subjectId: licenceId, ...change });
      await changes?.announce(tx, String(licenceId));
    });
    changes?.afterCommit(String(licenceId));
    return get(licenceId);
  }

  return {
    list,
    get,

    freeMachine: (actor: DeskActor, licenceId: number, machineId: string) =>
      write(actor, licenceId, async (repo, found, at) => {
        const machine = (await repo.machines(licenceId)).find((candidate) => candidate.id === machineId);
        if (!machine) throw notFound(`Licence ${found.licence.key} has no computer with the id ${machineId}. Reload the page to see its computers.`);
        if (machine.releasedAt || !(await repo.releaseMachine(licenceId, machineId, 'freed', at))) {
          throw new HttpError(
            409,
            `${capitalise(machineName(machine))} is no longer active on this licence: it was released already. Reload the page to see its computers.`,
          );
        }
        return { action: 'licence.free-machine', before: { machineId, name: machine.name }, after: { machineId, name: machine.name, releasedAt: at } };
      }),

    revoke: (actor: DeskActor, licenceId: number, reason: string) =>
      write(actor, licenceId, async (repo, found, at) => {
        if (found.licence.status === 'revoked') throw new HttpError(409, `Licence ${found.licence.key} is revoked already. Restore it to make it work again.`);
        await repo.revoke(licenceId, at);
        return { action: 'licence.revoke', before: { status: 'active' }, after: { status: 'revoked', revokedAt: at, reason } };
      }),

    restore: (actor: DeskActor, licenceId: number) =>
      write(actor, licenceId, async (repo, found) => {
        const { licence } = found;
        if (licence.status === 'active') throw new HttpError(409, `Licence ${licence.key} is active already: there is nothing to restore.`);
        const otherActive = await repo.otherActiveOnLine(licence.orderItemId, licence.id);
        if (otherActive >= found.lineQuantity - found.lineRefunded) throw new HttpError(409, RESTORE_REFUNDED);
        await repo.restore(licenceId);
        return { action: 'licence.restore', before: { status: 'revoked', revokedAt: licence.revokedAt }, after: { status: 'active' } };
      }),

    extendTrial: (actor: DeskActor, licenceId: number, input: LicenceExtendTrial) =>
      write(actor, licenceId, async (repo, found, at) => {
        const { licence } = found;
        if (licence.type !== 'trial') throw new HttpError(422, `Licence ${licence.key} is not a trial: it does not end, so there is nothing to extend.`);
        const from = Math.max(at.getTime(), licence.expiresAt?.getTime() ?? 0);
        const expiresAt = input.days !== undefined ? new Date(from + input.days * DAY_MS) : new Date(input.until!);
        if (expiresAt.getTime() <= at.getTime()) {
          throw new HttpError(400, 'The new end is in the past: choose a later date.', { until: 'Choose a date after today.' });
        }
        if (expiresAt.getTime() > at.getTime() + 5 * 365 * DAY_MS) {
          throw new HttpError(400, 'A trial can be extended to at most five years from now.', { until: 'Choose a date within five years.' });
        }
        await repo.setExpiry(licenceId, expiresAt);
        return { action: 'licence.extend-trial', before: { expiresAt: licence.expiresAt }, after: { expiresAt } };
      }),

    async complimentaryProducts(): Promise<ComplimentaryProducts> {
      const rows = await repository.giftableProducts();
      return { products: rows.map((row) => ({ id: row.id, displayName: row.displayName, seats: row.seats!, live: row.live })) };
    },

    async issueComplimentary(actor: DeskActor, input: ComplimentaryInput): Promise<ComplimentaryLicenceCreated> {
      const product = await repository.product(input.productId);
      const refusal = !product
        ? `No product has the id ${input.productId}. Choose one from the list.`
        : product.trialOfProductId !== null
          ? `${product.displayName} is a free trial: choose the product it is a trial of.`
          : !product.licenceSeats
            ? `${product.displayName} has no licence key to give. Choose a licensed product.`
            : product.priceMinor === 0
              ? `${product.displayName} is free: anyone can have it without a licence from you.`
              : undefined;
      if (refusal) throw new HttpError(422, refusal, { productId: refusal });
      const recorded = await orders.recordComplimentaryOrder(
        {
          email: input.email,
          product: product!,
          currency,
          reference: complimentaryReference(now()),
          licenceType: input.purpose === 'nfr' ? 'nfr' : 'perpetual',
          ...(input.seats === undefined ? {} : { seats: input.seats }),
        },
        async (tx, { orderId, reference, licenceIds }) => {
          await auditOn(tx).record({
            actor: actor.email,
            action: 'licence.complimentary',
            subjectType: 'licence',
            subjectId: licenceIds[0]!,
            after: {
              orderId,
              reference,
              email: input.email,
              productId: input.productId,
              purpose: input.purpose,
              note: input.note ?? null,
              seats: input.seats ?? null,
            },
          });
        },
      );
      return {
        orderId: recorded.orderId,
        reference: recorded.reference,
        licenceId: recorded.licenceIds[0]!,
        key: recorded.keys[0]!,
        message: `${COMPLIMENTARY_PURPOSE_LABELS[input.purpose]} licence for ${product!.displayName} issued to ${input.email}; the order confirmation with the key is on its way.`,
      };
    },
  };

  function auditSummary(action: string, after: Record<string, unknown> | null): string {
    switch (action) {
      case 'licence.free-machine':
        return `Freed ${typeof after?.name === 'string' && after.name ? after.name : 'a computer'}`;
      case 'licence.revoke':
        return `Revoked: ${String(after?.reason ?? '')}`;
      case 'licence.restore':
        return 'Restored: the customer can activate it again';
      case 'licence.extend-trial':
        return typeof after?.expiresAt === 'string' ? `Trial extended to ${longDate(new Date(after.expiresAt))}` : 'Trial extended';
      case 'licence.complimentary': {
        const purpose = COMPLIMENTARY_PURPOSE_LABELS[after?.purpose as keyof typeof COMPLIMENTARY_PURPOSE_LABELS] ?? 'Complimentary';
        return `Given as a complimentary licence (${purpose})${typeof after?.note === 'string' && after.note ? `: ${after.note}` : ''}`;
      }
      default:
        return action;
    }
  }
}

export type LicenceDeskService = ReturnType<typeof createLicenceDeskService>;

const unknownLicence = (licenceId: number) => notFound(`No licence has the id ${licenceId}. Search the licence desk by its key or the customer's email.`);

const machineName = (machine: { name: string | null; platform: string | null }) =>
  machine.name ? `“${machine.name}”` : machine.platform ? `a ${PLATFORM_NAMES[machine.platform] ?? machine.platform} computer` : 'a computer';
const PLATFORM_NAMES: Record<string, string> = { macos: 'macOS', windows: 'Windows', linux: 'Linux' };
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'COMP-261121-7KQ2M': the day it was made and five random characters (32⁵ a day). */
export function complimentaryReference(at: Date): string {
  const day = at.toISOString().slice(2, 10).replaceAll('-', '');
  let random = '';
  for (let index = 0; index < 5; index += 1) random += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `COMP-${day}-${random}`;
}

/** The cursor is opaque to the client: the last row's id, base64url-encoded. */
const encodeCursor = (id: number) => Buffer.from(`l${id}`).toString('base64url');
function decodeCursor(cursor: string): number {
  const match = /^l(\d{1,12})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new HttpError(400, 'This page link is not valid any more. Go back to the first page of the licence desk.', { after: 'Not a page cursor' });
  return Number(match[1]);
}
