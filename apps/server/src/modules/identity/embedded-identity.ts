import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';
import type { Database } from '#server/db/client.ts';
import { createIdentityAccountsRepository, type IdentityMail } from './identity-accounts.repository';
import { createIdentityThrottle } from './identity-throttle';
import { createIdentityThrottlesRepository } from './identity-throttles.repository';
import { createIdentityService, type IdentityService } from './identity.service';
import { createOidcPayloadsRepository } from './oidc-payloads.repository';
import type { ScryptParams } from './password';
import { createEmbeddedProvider } from './provider';
import { loadOrCreateSigningKeys, type SigningKeys } from './signing-keys';

export interface EmbeddedIdentityOptions {
  db: Database;
  dataDir: string;
  /** IDP_SIGNING_KEYS, when the keys come from the environment rather than `DATA_DIR`. */
  signingKeys?: string;
  issuer: string;
  publicUrl: string;
  clientId: string;
  audience: string;
  storeName: string;
  supportEmail: string;
  sessionSecret: string;
  corsOrigins: string[];
  log: FastifyBaseLogger;
  /** The mail module, which queues the identity emails. */
  mail: IdentityMail;
  onMessageQueued: () => void;
  scrypt?: ScryptParams;
}

export interface EmbeddedIdentity {
  /** The OpenID provider, built on the first call (its import is slow: see provider.ts); later calls reuse it. */
  provider: () => Promise<Provider>;
  identity: IdentityService;
  keys: SigningKeys;
  /** Deletes expired provider rows, email tokens and throttle counters now and every hour until stopped. */
  startSweeping(): void;
  stopSweeping(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 60 * 60_000;

/** Everything the embedded OpenID provider needs, built once per app. */
export async function createEmbeddedIdentity(options: EmbeddedIdentityOptions): Promise<EmbeddedIdentity> {
  const keys = await loadOrCreateSigningKeys(options.dataDir, options.signingKeys);
  const payloads = createOidcPayloadsRepository(options.db);
  const accounts = createIdentityAccountsRepository(options.db, options.mail);
  const throttles = createIdentityThrottlesRepository(options.db);
  const identity = createIdentityService({
    accounts,
    oidcPayloads: payloads,
    throttle: createIdentityThrottle(throttles),
    emails: { storeName: options.storeName, storeUrl: options.publicUrl, supportEmail: options.supportEmail },
    publicUrl: options.publicUrl,
    onMessageQueued: options.onMessageQueued,
    scrypt: options.scrypt,
  });
  let built: Promise<Provider> | undefined;
  const provider = () =>
    (built ??= createEmbeddedProvider({
      issuer: options.issuer,
      publicUrl: options.publicUrl,
      clientId: options.clientId,
      audience: options.audience,
      storeName: options.storeName,
      cookieSecret: options.sessionSecret,
      keys,
      payloads,
      findAccount: (id) => identity.findAccount(id),
      corsOrigins: options.corsOrigins,
      onServerError: (error) => options.log.error({ err: error }, 'identity provider error'),
    }));

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= (async () => {
      try {
        await payloads.sweepExpired();
        await accounts.sweepExpiredTokens();
        await throttles.sweepExpired();
      } catch (error) {
        options.log.warn({ err: error }, 'could not sweep expired identity records');
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  return {
    provider,
    identity,
    keys,
    startSweeping() {
      void sweep();
      timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
      timer.unref();
    },
    async stopSweeping() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
