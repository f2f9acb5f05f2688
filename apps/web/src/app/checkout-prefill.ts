import { customerLookupResponseSchema, prefillName, type CustomerLookupResponse } from '@store/contracts/account';
import type { CheckoutPrefill, CheckoutPrefillData } from '../features/checkout/types';
import type { IdentityStore } from '../features/identity/identity-store';
import type { IdentityUser } from '../features/identity/types';
import { readBuilder } from '../features/payments/sbl-client';
import { ApiError, apiPost, bearer } from '../lib/api-client';
import { createDebugLog, type DebugLog } from '../lib/debug-log';

const prefillLog = createDebugLog('[checkout]');

/**
 * docs/behaviour/checkout.md#prefill: a signed-in shopper's contact and billing address for the provider's
 * checkout, from one `POST /lookup` (bearer token, no body); the names fall back to the identity
 * profile (prefillName). The same answer recognises the shopper (`recognize`) and fills in the checkout.
 */
export function createCheckoutPrefill(store: Pick<IdentityStore, 'getAccessToken'>, user: IdentityUser, log: DebugLog = prefillLog): CheckoutPrefill {
  return {
    async load(): Promise<CheckoutPrefillData | null> {
      const fromProfile = prefillName({ givenName: user.givenName, familyName: user.familyName, name: user.name, email: user.email });
      const lookup = await lookUpCustomer(store, log);
      const info = lookup?.customer_info;
      const names = info?.first_name || info?.last_name ? { firstName: info.first_name ?? '', lastName: info.last_name ?? '' } : fromProfile;
      const email = info?.email || user.email;
      if (!email) return null;
      const billing = {
        country: info?.country ?? undefined,
        city: info?.city ?? undefined,
        region: info?.region ?? undefined,
        postalCode: info?.postal_code ?? undefined,
      };
      const hasBilling = Object.values(billing).some(Boolean);
      return {
        paymentContact: { email, ...(names.firstName ? { firstName: names.firstName } : {}), ...(names.lastName ? { lastName: names.lastName } : {}) },
        ...(hasBilling ? { billingAddress: billing } : {}),
        ...(lookup?.secure_payload ? { sealed: lookup.secure_payload } : {}),
      };
    },
    apply(payload) {
      const builder = readBuilder();
      if (!builder || !payload.paymentContact) return;
      // FastSpring's recognize() for the contact, then secure(). A live store takes only the server's
      // encrypted payload (FASTSPRING_PRIVATE_KEY); test mode and the sandbox take it plain, with an empty key.
      builder.recognize(payload.paymentContact);
      if (payload.sealed) builder.secure(payload.sealed.securePayload, payload.sealed.secureKey);
      else builder.secure({ paymentContact: payload.paymentContact, ...(payload.billingAddress ? { billingAddress: payload.billingAddress } : {}) }, '');
    },
  };
}

/**
 * What a failed customer lookup keeps as its error (docs/behaviour/checkout.md#prefill): the status
 * of a non-OK answer, an `error` the answer carries, or the failure's message ('Unknown error').
 */
export function customerFetchError(failure: unknown): string {
  if (failure instanceof ApiError) return `Failed to fetch customer data: ${failure.status}`;
  if (typeof failure === 'string' && failure) return failure;
  return failure instanceof Error && failure.message ? failure.message : 'Unknown error';
}

/** `POST /lookup`; null when it failed (logged: docs/behaviour/checkout.md#prefill), so the profile's names are used. */
async function lookUpCustomer(store: Pick<IdentityStore, 'getAccessToken'>, log: DebugLog): Promise<CustomerLookupResponse | null> {
  try {
    const lookup = customerLookupResponseSchema.parse(await apiPost('/lookup', undefined, { headers: bearer(await store.getAccessToken()) }));
    if (lookup.error) log.add(`Customer lookup: ${customerFetchError(lookup.error)}; using the sign-in profile's names`);
    return lookup;
  } catch (error) {
    if (error instanceof ApiError) log.add(`Customer data fetch failed: ${error.status}`, 'warn');
    log.add(`Customer lookup: ${customerFetchError(error)}; using the sign-in profile's names`, 'warn');
    return null;
  }
}
