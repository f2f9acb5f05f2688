import {
  formatBytes,
  formatMoney,
  minorToMajor,
  prefillName,
  type AccountData,
  type AccountFile,
  type AccountLicence,
  type AccountOrder,
  type AccountPreferences,
  type AccountProduct,
  type CustomerLookupResponse,
  type TrackDownloadRequest,
  type TrackDownloadResponse,
} from '@store/contracts';
import type { SblSecurePayload } from '@store/contracts/payments/sbl';
import { signedDownloadPath } from '../downloads/signed-download-url';
import type { Caller } from './access-token';
import type { AccountsRepository, PublishedVersion } from './accounts.repository';
import { versionState } from './version-state';

/** Links in the account area work this long; the page signs fresh ones on every load. */
export const ACCOUNT_LINK_VALID_HOURS = 24;

/** A caller whose email the identity provider has verified. */
export type VerifiedCaller = Caller & { email: string; emailVerified: true };

/** One of a customer's licences as the licensing module reads it. */
export interface CustomerLicence {
  orderItemId: number;
  key: string;
  status: 'active' | 'revoked';
  type: 'perpetual' | 'trial' | 'nfr';
  expiresAt: Date | null;
  seats: number;
  productPath: string;
  productName: string;
  /** Computers active on it now. */
  activeMachines: number;
}

export interface AccountsServiceOptions {
  repository: AccountsRepository;
  /** The licensing module's read of a customer's licences, oldest first. */
  licences: { ofCustomer(customerId: number): Promise<CustomerLicence[]> };
  publicUrl: string;
  downloadSigningSecret: string;
  /** Where the download links lead: 'local' (served by the store) or 's3' (a bucket, via the store's check). */
  downloadSource: 'local' | 's3';
  /** FastSpring with a secure-payload key: encrypts the checkout contact (see `sealSecurePayload`). */
  sealPrefill?: (payload: SblSecurePayload) => { securePayload: string; secureKey: string };
  /** The mail module's record of what a customer wants emailed (release emails). */
  mailPreferences: {
    releaseEmails(email: string): Promise<boolean>;
    setReleaseEmails(email: string, wanted: boolean): Promise<void>;
  };
  now?: () => Date;
}

const PLATFORM_LABELS: Record<string, string> = { mac: 'macOS', windows: 'Windows', linux: 'Linux' };

/** 'Revoked' once refunded, 'Expired' once a trial's end has passed, else 'Active'. */
function licenceStatus(licence: Pick<CustomerLicence, 'status' | 'expiresAt'>, at: Date) {
  if (licence.status === 'revoked') return 'Revoked';
  return licence.expiresAt && licence.expiresAt <= at ? 'Expired' : 'Active';
}

export function createAccountsService(options: AccountsServiceOptions) {
  const { repository } = options;
  const now = options.now ?? (() => new Date());

  function namesOf(caller: VerifiedCaller, customer?: { firstName: string | null; lastName: string | null }) {
    const fromToken = prefillName({ givenName: caller.givenName, familyName: caller.familyName, name: caller.name, email: caller.email });
    return {
      firstName: customer?.firstName ?? fromToken.firstName,
      lastName: customer?.lastName ?? fromToken.lastName,
    };
  }

  /** FastSpring needs first name, last name and email in a secure contact; without them the web app only recognizes the shopper. */
  function sealedContact(info: CustomerLookupResponse['customer_info']) {
    if (!options.sealPrefill || !info.first_name || !info.last_name) return undefined;
    const country = info.country && /^[A-Z]{2}$/.test(info.country) ? info.country : undefined;
    return options.sealPrefill({ contact: { email: info.email, firstName: info.first_name, lastName: info.last_name }, ...(country ? { country } : {}) });
  }

  return {
    /** The checkout prefill: the customer record of the verified email, else the sign-in profile's names. */
    async lookup(caller: VerifiedCaller): Promise<CustomerLookupResponse> {
      const customer = await repository.customerByEmail(caller.email);
      const names = namesOf(caller, customer);
      const customerInfo = {
        first_name: names.firstName || null,
        last_name: names.lastName || null,
        email: caller.email,
        country: customer?.country ?? null,
        city: customer?.city ?? null,
        region: customer?.region ?? null,
        postal_code: customer?.postalCode ?? null,
      };
      const sealed = sealedContact(customerInfo);
      return {
        ...(customer ? {} : { error: 'Customer not found' }),
        customer_info: customerInfo,
        ...(sealed ? { secure_payload: sealed } : {}),
      };
    },

    /**
     * Orders, licences and downloads of the verified email; undefined when the store has no customer
     * for it ('No orders found'). A customer without orders gets an empty account ('No Orders Yet').
     */
    async account(caller: VerifiedCaller): Promise<AccountData | undefined> {
      const customer = await repository.customerByEmail(caller.email);
      if (!customer) return undefined;
      const orders = await repository.ordersOf(customer.id);

      const [items, licences, lastDownloaded] = await Promise.all([
        repository.itemsOf(
          customer.id,
          orders.map((order) => order.id),
        ),
        options.licences.ofCustomer(customer.id),
        repository.lastDownloadedVersions(customer.id),
      ]);
      const published = await repository.publishedVersions([...new Set(items.map((item) => item.productId))]);
      const expiresAt = new Date(now().getTime() + ACCOUNT_LINK_VALID_HOURS * 3_600_000);
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const url = (fileId: number, entitlementId: number) =>
        `${options.publicUrl}${signedDownloadPath(options.downloadSigningSecret, { fileId, entitlementId, expires })}`;

      const accountOrders: AccountOrder[] = orders.map((order) => {
        const lines = items.filter((item) => item.orderId === order.id);
        const products: AccountProduct[] = [];
        const files: AccountFile[] = [];
        for (const line of lines) {
          const [release, ...previous] = published.get(line.productId) ?? [];
          const lineRefunded = order.status === 'refunded' || line.refundedQuantity >= line.quantity;
          const canDownload = !lineRefunded && line.downloadable && line.entitlementId !== null && release !== undefined;
          const filesOf = (version: PublishedVersion) =>
            version.files.map((file): AccountFile => ({
              display: `${line.productName} ${version.version}${PLATFORM_LABELS[file.os] ? ` for ${PLATFORM_LABELS[file.os]}` : ''}`,
              file_url: url(file.id, line.entitlementId!),
              product: line.productName,
              product_id: line.productPath,
              size: formatBytes(file.sizeBytes),
              size_mb: Math.round((file.sizeBytes / (1024 * 1024)) * 100) / 100,
              filename: file.filename,
              version: version.version,
              download_source: options.downloadSource,
              type: file.os,
            }));
          const lineFiles = canDownload ? filesOf(release) : [];
          const previousVersions = canDownload
            ? previous
                .map((version) => ({ version: version.version, released_at: version.releasedAt.toISOString(), files: filesOf(version) }))
                .filter((version) => version.files.length > 0)
            : [];
          files.push(...lineFiles);
          products.push({
            product_id: line.productPath,
            sku: line.sku,
            display: line.display,
            quantity: line.quantity,
            subtotal_display: formatMoney(line.subtotalMinor - line.discountMinor, order.currency),
            coupon: line.discountMinor > 0 && order.couponCodes.length > 0 ? order.couponCodes.join(', ') : 'N/A',
            ...versionState(
              lastDownloaded.get(line.productId),
              release?.version,
              (published.get(line.productId) ?? []).filter((version) => version.major).map((version) => version.version),
            ),
            download_url: lineFiles[0]?.file_url ?? null,
            download_expires: lineFiles.length > 0 ? expiresAt.toISOString() : null,
            refunded_quantity: order.status === 'refunded' ? line.quantity : line.refundedQuantity,
            previous_versions: previousVersions,
          });
        }
        const orderItemIds = new Set(lines.map((line) => line.orderItemId));
        const orderLicences: AccountLicence[] = licences
          .filter((licence) => orderItemIds.has(licence.orderItemId))
          .map((licence) => ({
            display: `${licence.productName} (up to ${licence.seats} computer${licence.seats === 1 ? '' : 's'})`,
            license_key: licence.key,
            product: licence.productName,
            product_id: licence.productPath,
            type: licence.type,
            status: licenceStatus(licence, now()),
          }));
        return {
          order_id: order.providerOrderId,
          order_reference: order.reference,
          date: order.completedAt.toISOString(),
          total: minorToMajor(order.totalMinor, order.currency),
          currency: order.currency,
          status: order.status,
          kind: order.kind,
          products,
          files,
          licenses: orderLicences,
        };
      });

      const names = namesOf(caller, customer);
      return {
        customer_info: {
          full_name: `${names.firstName} ${names.lastName}`.trim(),
          first_name: names.firstName,
          last_name: names.lastName,
          email: caller.email,
        },
        total_orders: accountOrders.length,
        total_products: accountOrders.reduce((sum, order) => sum + order.products.length, 0),
        total_files: accountOrders.reduce((sum, order) => sum + order.files.length, 0),
        total_licenses: licences.length,
        licensespring_licenses: licences.map((licence) => ({
          product_name: licence.productName,
          license_key: licence.key,
          status: licenceStatus(licence, now()),
          activations_used: licence.activeMachines,
          expiration: licence.expiresAt?.toISOString() ?? null,
        })),
        orders: accountOrders,
      };
    },

    /** The caller's mail choices; anyone signed in with a verified email has them, customer or not. */
    async preferences(caller: VerifiedCaller): Promise<AccountPreferences> {
      return { releaseEmails: await options.mailPreferences.releaseEmails(caller.email) };
    },

    async setPreferences(caller: VerifiedCaller, preferences: AccountPreferences): Promise<AccountPreferences> {
      await options.mailPreferences.setReleaseEmails(caller.email, preferences.releaseEmails);
      return preferences;
    },

    /** Records the version downloaded from one of the caller's own orders; undefined when the order or version is not theirs. */
    async trackDownload(caller: VerifiedCaller, input: TrackDownloadRequest): Promise<TrackDownloadResponse | undefined> {
      const customer = await repository.customerByEmail(caller.email);
      if (!customer) return undefined;
      const line = await repository.findOrderLine(customer.id, input.order_id, input.product_id);
      if (!line) return undefined;
      const version = await repository.findVersion(line.productId, input.version);
      if (!version) return undefined;
      const recordedAt = await repository.recordDownload({
        customerId: customer.id,
        orderId: line.orderId,
        productId: line.productId,
        version: input.version,
        filename: version.file?.filename ?? null,
        os: version.file?.os ?? null,
      });
      return { product_id: input.product_id, version: input.version, order_id: input.order_id, recorded_at: recordedAt.toISOString() };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
