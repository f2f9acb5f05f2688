import type {
  AdminCustomerRow,
  AdminEmail,
  AdminLicence,
  AdminOrderRow,
  CustomerDetail,
  CustomerErase,
  CustomerErased,
  CustomerExport,
  CustomerList,
  CustomerListQuery,
} from '@store/contracts/admin';
import { CONFIRM_ERASE_MESSAGE } from '@store/contracts/admin';
import type { Database } from '#server/db/client.ts';
import type { CustomerRow } from '#server/db/schema.ts';
import { badRequest, HttpError, notFound } from '#server/lib/http-error.ts';
import { accountsPrivacyOn } from '#server/modules/accounts/accounts-privacy.service.ts';
import { auditOn } from '#server/modules/audit/audit.service.ts';
import { couponsPrivacyOn } from '#server/modules/coupons/coupons-privacy.service.ts';
import { identityPrivacyOn } from '#server/modules/identity/identity-privacy.service.ts';
import { licensingPrivacyOn } from '#server/modules/licensing/licensing-privacy.service.ts';
import { lyraPrivacyOn } from '#server/modules/lyra/lyra-privacy.service.ts';
import { mailPrivacyOn } from '#server/modules/mail/mail-privacy.service.ts';
import { createCustomersRepository, type CustomerPosition, type CustomerTotals } from './customers.repository';
import { toAdminLicence } from '#server/modules/licensing/admin-licence-view.ts';

export interface CustomersAdminOptions {
  db: Database;
  /** The store currency: the revenue shown is of sales in it. */
  currency: string;
  storeName: string;
  /** Whether sign-in accounts are the store's own (the embedded provider) or an external provider's. */
  identity: 'embedded' | 'external';
  /** Whether the address is an administrator's (the access module decides), read in `tx` when given. */
  isAdministrator: (email: string, tx?: Database) => Promise<boolean>;
  /** Where an email can be read (the sandbox mailbox), when there is such a place. */
  mailboxHref?: (messageId: number) => string;
  now?: () => Date;
}

/** Who acts, for the audit log. */
export interface CustomerActor {
  email: string;
}

/** What an erased customer's address becomes: unique, clearly not an address, never delivered (`.invalid`). */
export const erasedEmail = (customerId: number) => `erased-${customerId}@erased.invalid`;

/**
 * The back office's customers: the list, one customer's page, and the privacy rights the policy
 * promises (export everything, erase the person). Every part is read and written through the
 * module that owns it; an erasure is one transaction of named steps, audited with the id only.
 */
export function createCustomersAdminService(options: CustomersAdminOptions) {
  const { db, currency } = options;
  const now = options.now ?? (() => new Date());
  const repository = createCustomersRepository(db);

  async function requireCustomer(id: number): Promise<CustomerRow> {
    const customer = await repository.find(id);
    if (!customer) throw notFound(`No customer has the id ${id}. Search for them by email or name under Customers.`);
    return customer;
  }

  /** The orders as rows of the order list. */
  async function orderRows(customer: CustomerRow): Promise<AdminOrderRow[]> {
    const name = fullName(customer);
    return (await repository.ordersOf(customer.id)).map(({ order, lines, refundedMinor }) => ({
      id: order.id,
      reference: order.reference,
      kind: order.kind,
      status: order.status,
      email: order.email,
      customerId: customer.id,
      customerName: name,
      products: lines.map((line) => line.display),
      couponCodes: order.couponCodes,
      currency: order.currency,
      totalMinor: order.totalMinor,
      refundedMinor,
      live: order.live,
      completedAt: order.completedAt.toISOString(),
    }));
  }

  async function licencesOf(customerId: number): Promise<AdminLicence[]> {
    return (await licensingPrivacyOn(db).licencesOf(customerId)).map(toAdminLicence);
  }

  return {
    async list(query: CustomerListQuery & { limit: number }): Promise<CustomerList> {
      // PostgreSQL text cannot hold NUL: a search with one would fail, so it is searched without it.
      const search = query.q?.replaceAll('\u0000', '').trim() || undefined;
      const rows = await repository.list({ search, after: decodePosition(query.after), limit: query.limit });
      const page = rows.slice(0, query.limit);
      const totals = await repository.totals(
        page.map((row) => row.id),
        currency,
      );
      const last = page.at(-1);
      return {
        customers: page.map((row) => customerRow(row, totals.get(row.id))),
        next: rows.length > query.limit && last ? encodePosition({ createdAt: last.position, id: last.id }) : null,
        currency,
      };
    },

    async get(id: number): Promise<CustomerDetail> {
      const customer = await requireCustomer(id);
      const erased = customer.erasedAt !== null;
      const [orders, totals, licences, downloads, account, preferences, emails, administrator] = await Promise.all([
        orderRows(customer),
        repository.totals([customer.id], currency),
        licencesOf(customer.id),
        accountsPrivacyOn(db).downloadsOf(customer.id),
        // After an erasure nothing is looked up by the placeholder: it never had an account or mail.
        erased ? undefined : identityPrivacyOn(db).accountByEmail(customer.email),
        erased ? undefined : mailPrivacyOn(db).preferencesOf(customer.email),
        mailPrivacyOn(db).emailsTo(customer.email),
        erased ? false : options.isAdministrator(customer.email),
      ]);
      const total = totals.get(customer.id);
      return {
        customer: {
          id: customer.id,
          email: customer.email,
          firstName: customer.firstName,
          lastName: customer.lastName,
          country: customer.country,
          region: customer.region,
          city: customer.city,
          postalCode: customer.postalCode,
          createdAt: customer.createdAt.toISOString(),
          erasedAt: customer.erasedAt?.toISOString() ?? null,
        },
        currency,
        revenueMinor: total?.revenueMinor ?? 0,
        refundedMinor: total?.refundedMinor ?? 0,
        orders,
        licences,
        downloads: downloads.map((download) => ({
          at: download.at.toISOString(),
          productName: download.productName,
          version: download.version,
          filename: download.filename,
          os: download.os,
        })),
        account:
          options.identity === 'external'
            ? { provider: 'external' }
            : {
                provider: 'embedded',
                account: account
                  ? {
                      emailVerified: account.emailVerified,
                      emailVerifiedAt: account.emailVerifiedAt?.toISOString() ?? null,
                      createdAt: account.createdAt.toISOString(),
                      lastSignedInAt: account.lastSignedInAt?.toISOString() ?? null,
                    }
                  : null,
              },
        marketing: { releaseEmails: preferences?.releaseEmails ?? false, since: preferences?.updatedAt.toISOString() ?? null },
        emails: emails.map((message): AdminEmail => ({
          id: message.id,
          kind: message.kind,
          subject: message.subject,
          toAddress: message.toAddress,
          status: message.status,
          attempts: message.attempts,
          lastError: message.lastError,
          createdAt: message.createdAt.toISOString(),
          sentAt: message.sentAt?.toISOString() ?? null,
          href: options.mailboxHref ? options.mailboxHref(message.id) : null,
        })),
        administrator,
      };
    },

    /**
     * Everything the store holds about the person, each part read from the module that owns it,
     * as JSON. Never the password hash or a token. Audited (the customer's id only).
     */
    async export(actor: CustomerActor, id: number): Promise<CustomerExport> {
      const customer = await requireCustomer(id);
      const email = customer.email;
      const orders = await repository.ordersOf(customer.id);
      const [refunds, redemptions, licences, legacyLicences, downloads, account, preferences, emails, lyra, reservations] = await Promise.all([
        repository.refundsOf(orders.map(({ order }) => order.id)),
        repository.redemptionsOf(customer.id),
        licensingPrivacyOn(db).licencesOf(customer.id),
        licensingPrivacyOn(db).legacyLicencesOf(email),
        accountsPrivacyOn(db).downloadsOf(customer.id),
        identityPrivacyOn(db).accountByEmail(email),
        mailPrivacyOn(db).preferencesOf(email),
        mailPrivacyOn(db).emailsTo(email),
        lyraPrivacyOn(db).memoryOf(email),
        couponsPrivacyOn(db).reservationsOf(email),
      ]);
      await auditOn(db).record({ actor: actor.email, action: 'customer.export', subjectType: 'customer', subjectId: customer.id });
      return jsonSafe({
        exportedAt: now().toISOString(),
        store: options.storeName,
        customer,
        orders: orders.map(({ order, lines, refundedMinor }) => ({
          ...order,
          refundedMinor,
          lines,
          refunds: refunds.filter((refund) => refund.orderId === order.id),
          couponRedemptions: redemptions.filter((redemption) => redemption.orderId === order.id),
        })),
        licences,
        legacyLicences,
        downloads,
        account: account ?? null,
        mailPreferences: preferences ?? null,
        emails,
        lyraConversations: lyra.conversations,
        lyraCreativeLog: lyra.creativeLog,
        couponReservations: reservations,
      });
    },

    /**
     * The right to be forgotten, as the privacy policy describes it: the person's details are
     * erased or replaced by a placeholder everywhere, while the orders' amounts, lines, references
     * and dates stay for the bookkeeping the law requires, and the licences keep working.
     */
    erase(actor: CustomerActor, id: number, input: CustomerErase): Promise<CustomerErased> {
      return db.transaction(async (tx) => {
        const customers = createCustomersRepository(tx);
        const customer = await customers.find(id, { lock: true });
        if (!customer) throw notFound(`No customer has the id ${id}. Search for them by email or name under Customers.`);
        if (customer.erasedAt) {
          throw new HttpError(
            409,
            `This customer's personal data was already erased on ${customer.erasedAt.toISOString().slice(0, 10)}. There is nothing left to erase.`,
          );
        }
        if (input.confirmEmail.toLowerCase() !== customer.email) {
          throw new HttpError(422, `${CONFIRM_ERASE_MESSAGE} exactly as shown (${customer.email}).`, { confirmEmail: CONFIRM_ERASE_MESSAGE });
        }
        if (await options.isAdministrator(customer.email, tx)) {
          throw new HttpError(
            409,
            `${customer.email} is an administrator of this store: remove their administrator role first (under Access), then erase their data.`,
          );
        }
        const email = customer.email;
        const placeholder = erasedEmail(customer.id);
        const at = now();

        // Named steps, each through the module that owns the data, all in this one transaction.
        const steps: Array<[string, () => Promise<unknown>]> = [
          ['customer: details removed, country kept', () => customers.anonymiseCustomer(customer.id, placeholder, at)],
          ['orders: address replaced, amounts kept', () => customers.anonymiseOrders(customer.id, placeholder)],
          ['mail: messages emptied, choices deleted', () => mailPrivacyOn(tx).scrub(email, placeholder)],
          ['identity: sign-in account and sessions deleted', () => identityPrivacyOn(tx).deleteAccount(email)],
          ['lyra: conversations and creative log deleted', () => lyraPrivacyOn(tx).forget(email)],
          ['licensing: computer names cleared', () => licensingPrivacyOn(tx).clearMachineNames(customer.id)],
          ['licensing: legacy keys unlinked from the address', () => licensingPrivacyOn(tx).clearLegacyEmail(email)],
          ['coupons: reservations under the placeholder', () => couponsPrivacyOn(tx).replaceEmail(email, placeholder)],
          ['audit', () => auditOn(tx).record({ actor: actor.email, action: 'customer.erase', subjectType: 'customer', subjectId: customer.id })],
        ];
        for (const [, step] of steps) await step();

        return {
          customerId: customer.id,
          email: placeholder,
          erasedAt: at.toISOString(),
          message: `The customer's personal data was erased. Their orders stay, under ${placeholder}, for the accounts; their licences keep working.`,
        };
      });
    },
  };
}

export type CustomersAdminService = ReturnType<typeof createCustomersAdminService>;

const fullName = (customer: Pick<CustomerRow, 'firstName' | 'lastName'>) => [customer.firstName, customer.lastName].filter(Boolean).join(' ') || null;

function customerRow(customer: CustomerRow, totals: CustomerTotals | undefined): AdminCustomerRow {
  return {
    id: customer.id,
    email: customer.email,
    name: fullName(customer),
    country: customer.country,
    orders: totals?.orders ?? 0,
    revenueMinor: totals?.revenueMinor ?? 0,
    refundedMinor: totals?.refundedMinor ?? 0,
    firstOrderAt: totals?.firstOrderAt?.toISOString() ?? null,
    lastOrderAt: totals?.lastOrderAt?.toISOString() ?? null,
    erasedAt: customer.erasedAt?.toISOString() ?? null,
  };
}

/** The opaque `next` of a page: the last customer's position. */
function encodePosition(position: CustomerPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

/** `timestamptz::text`, e.g. `2026-11-24 16:40:06.123456+00`. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

function decodePosition(after: string | undefined): CustomerPosition | undefined {
  if (!after) return undefined;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && TIMESTAMP.test(createdAt) && Number.isSafeInteger(id) && (id as number) > 0) {
      return { createdAt, id: id as number };
    }
  } catch {
    // Falls through to the message below.
  }
  throw badRequest('This page link is not valid any more: go back to the first page of the list.');
}

/** Dates as ISO strings and nothing JSON cannot hold, so the answer is exactly the file the administrator saves. */
function jsonSafe<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
