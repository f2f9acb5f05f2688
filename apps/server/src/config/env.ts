import { readFileSync } from 'node:fs';
import type { KeyObject } from 'node:crypto';
import { isIPv4 } from 'node:net';
import path from 'node:path';
import { DEFAULT_LANDING_MIDI_URL, type PublicIdentityConfig, type PublicStoreConfig } from '@store/contracts';
import { zeroMoney } from '@store/contracts/money';
import { z } from 'zod';
import { parseSecurePayloadKey } from '../modules/payments/fastspring/secure-payload';
import type { LlmConfig } from '../modules/lyra/llm-client';
import { trustProxySetting, type TrustProxy } from './trust-proxy';

const booleanText = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://');
const redisUrl = z.string().refine((value) => /^rediss?:$/.test(URL.canParse(value) ? new URL(value).protocol : ''), 'must be a redis:// or rediss:// URL');

/**
 * Every environment variable the server reads, with its default. The README's table
 * is written from this list; keep them in step.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  /** False when a pooler in front of PostgreSQL cannot keep named prepared statements (PgBouncer before 1.21, or without max_prepared_statements). */
  DATABASE_PREPARED_STATEMENTS: booleanText.default(true),
  /** Every rate limit is counted in this Redis, so the limits hold across several store processes. */
  REDIS_URL: redisUrl.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_LOG: booleanText.default(false),
  STORE_NAME: z.string().min(1).max(60).default('SongWish'),
  STORE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code')
    .default('USD'),
  /** The time zone of the store's days and months in the back office's reports (an IANA name). */
  STORE_TIMEZONE: z.string().refine(isTimeZone, 'must be an IANA time zone name such as Europe/Berlin or America/New_York').default('UTC'),
  STORE_CONTACT_EMAIL: z.email().default('hello@songwish.example'),
  STORE_SUPPORT_EMAIL: z.email().default('support@songwish.example'),
  STORE_PRIVACY_EMAIL: z.email().default('privacy@songwish.example'),
  SOCIAL_VIDEO_URL: z.url().default('https://www.youtube.com/@songwish'),
  SOCIAL_FACEBOOK_URL: z.url().default('https://www.facebook.com/songwish'),
  SOCIAL_INSTAGRAM_URL: z.url().default('https://www.instagram.com/songwish'),
  SOCIAL_X_URL: z.url().default('https://x.com/songwish'),
  SOCIAL_AUDIO_URL: z.url().default('https://soundcloud.com/songwish'),
  SOCIAL_LOOPS_URL: z.url().default('https://www.looperman.com/users/profile/songwish'),
  LANDING_MIDI_URL: z
    .string()
    .refine((value) => value.startsWith('/') || /^https?:\/\//.test(value), 'must be a path on this store (/…) or an http(s) URL')
    .default(DEFAULT_LANDING_MIDI_URL),
  CORS_ORIGINS: commaList.pipe(z.array(z.url())).default([]),
  TRUST_PROXY: trustProxySetting.default(false),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** Questions one client may ask Lyra per minute, counted by all processes together (in place of the global limit). */
  LYRA_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  IDP_EMAIL_FORMS_PER_15_MINUTES: z.coerce.number().int().positive().default(10),
  /** Song Seed MIDI files one client may fetch per minute, counted by all processes together. */
  LYRA_SKETCH_FILES_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** First-party analytics (docs/decisions/0038-first-party-analytics.md); `off` records nothing, though the endpoint still answers. */
  ANALYTICS: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on'),
  /** Analytics events one client address may send per minute, counted by all processes together. */
  ANALYTICS_EVENTS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** How long a machine file lets a computer work offline before the plugin must reach the store again. */
  LICENSING_FILE_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Computers not seen for this long are released, freeing their seat. */
  LICENSING_STALE_DAYS: z.coerce.number().int().min(7).max(3650).default(90),
  LICENSING_TRIAL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** Licensing calls (activate, validate, ...) per client address per minute, and per licence key per minute. */
  LICENSING_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  LICENSING_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Unknown keys one address may try per 15 minutes before it must wait. */
  LICENSING_UNKNOWN_KEYS_PER_15_MINUTES: z.coerce.number().int().positive().default(10),
  /** Lyra's optional language model: any OpenAI-compatible Chat Completions endpoint (with LYRA_LLM_MODEL). */
  LYRA_LLM_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL up to the API version, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1' })
    .optional(),
  LYRA_LLM_MODEL: z.string().min(1).max(200).optional(),
  LYRA_LLM_API_KEY: z.string().min(1).max(1000).optional(),
  LYRA_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  WEB_DIST_DIR: z.string().optional(),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'fastspring']).default('sandbox'),
  FASTSPRING_STOREFRONT: z
    .string()
    .regex(/^[a-z0-9.-]+\.onfastspring\.com\/[a-z0-9/_-]+$/i, "looks like 'yourstore.test.onfastspring.com/embedded-yourstore'")
    .optional(),
  FASTSPRING_SBL_URL: z.url({ protocol: /^https$/ }).default('https://sbl.onfastspring.com/sbl/1.0.5/fastspring-builder.min.js'),
  FASTSPRING_PRIVATE_KEY: z.string().min(100, 'must be the whole PEM private key').optional(),
  FASTSPRING_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  FASTSPRING_ACCEPT_TEST_ORDERS: booleanText.default(false),
  /** FastSpring's API credentials (Developer Tools › APIs › API Credentials): the back office's refunds call its returns API. */
  FASTSPRING_API_USERNAME: z.string().min(1).optional(),
  FASTSPRING_API_PASSWORD: z.string().min(1).optional(),
  /** FastSpring's API (the returns the back office asks for); https only, except a local test double on 127.0.0.1 or localhost. */
  FASTSPRING_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an https URL, e.g. https://api.fastspring.com' })
    .refine(
      (url) => url.startsWith('https://') || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/.test(url),
      'must be an https URL (http only for a local test double on 127.0.0.1)',
    )
    .default('https://api.fastspring.com'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_DISABLED: booleanText.default(false),
  SANDBOX_ON_PUBLIC_HOST: booleanText.default(false),
  MAIL_FROM: z.string().min(3).optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z
    .string()
    .max(200)
    .regex(/^[\w.:@-]+$/, 'letters, digits and . : @ _ -')
    .optional(),
  OIDC_AUDIENCE: z.string().min(1).max(500).optional(),
  OIDC_CLAIMS_NAMESPACE: z.url().optional(),
  OIDC_ROLES_CLAIM: z
    .string()
    .min(1)
    .max(300)
    .regex(/^[\w.:/@-]+$/, "a claim name such as 'https://your.store/roles'")
    .optional(),
  ADMIN_EMAILS: commaList.pipe(z.array(z.email({ error: 'must be a comma-separated list of email addresses' }))).default([]),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024, 'must be at least 1 MiB')
    .max(50 * 1024 ** 3, 'must be at most 50 GiB')
    .default(2 * 1024 ** 3),
  OIDC_ORGANIZATION: z
    .string()
    .regex(/^(org_[A-Za-z0-9]+|[A-Za-z0-9][\w-]{0,49})$/, "an organization id such as 'org_Ab12Cd34' or an organization name such as 'songwish-team'")
    .optional(),
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: "must be 'local' (DATA_DIR/files) or 's3'" }).default('local'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, "must be a region such as 'eu-central-1' ('auto' for Cloudflare R2, 'us-east-1' for most MinIO setups)")
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://<account>.r2.cloudflarestorage.com or http://127.0.0.1:9000' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(3).max(128).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(8).max(256).optional(),
  S3_FORCE_PATH_STYLE: booleanText.default(false),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The checkout's hot statements are prepared by name on PostgreSQL (docs/decisions/0039). */
  databasePreparedStatements: boolean;
  /** Where every rate limit is counted when set (docs/decisions/0040-rate-limits-in-redis.md). */
  redisUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** One log line per request; off by default (see docs/decisions/0004-hot-path.md). */
  accessLog: boolean;
  storeName: string;
  currency: string;
  /** The IANA time zone that the back office's days and months are counted in (STORE_TIMEZONE). */
  timeZone: string;
  /** What the browser may know about the store (written into index.html). */
  publicConfig: PublicStoreConfig;
  corsOrigins: string[];
  trustProxy: TrustProxy;
  /** `identityEmailForms`: the embedded sign-in's email-sending forms per client address and 15 minutes. */
  rateLimit: { max: number; windowMs: number; identityEmailForms: number };
  lyra: { queriesPerMinute: number; sketchFilesPerMinute: number; llm: LlmConfig | undefined };
  /** `enabled`: ANALYTICS=on; `eventsPerMinute`: per client address, across processes. */
  analytics: { enabled: boolean; eventsPerMinute: number };
  bodyLimit: number;
  webDistDir: string | undefined;
  payments: PaymentsConfig;
  /** `mailboxLocked`: the sandbox runs on a public address, so its mailbox needs the key printed at start. */
  mail: { smtpUrl: string | undefined; from: string; mailboxLocked: boolean };
  identity: IdentityConfig;
  storage: StorageConfig;
  /** Who may use the back office: `emails` (lower-cased) always, and callers whose token's `rolesClaim` lists 'admin'. */
  admin: { emails: string[]; rolesClaim: string | undefined };
  /** The largest file the back office accepts in one upload. */
  uploadMaxBytes: number;
  licensing: LicensingConfig;
}

/** Licensing rules a maker may tune (docs/licensing.md). */
export interface LicensingConfig {
  fileTtlDays: number;
  staleDays: number;
  trialDays: number;
  requestsPerMinute: number;
  keyRequestsPerMinute: number;
  unknownKeysPer15Minutes: number;
}

/**
 * Where sold files live (docs/decisions/0013-file-storage.md). `local`: `DATA_DIR/files`,
 * served by the store. `s3`: an S3-compatible bucket; the store checks the link and answers
 * with a short-lived presigned URL. A file's `storage_key` is its path in either.
 */
export type StorageConfig =
  | { driver: 'local'; dir: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      /** MinIO, R2, Backblaze…; unset for AWS. */
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** Unset: the AWS SDK's default chain (environment, instance or task role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

/**
 * Who signs shoppers in. `embedded`: the store's own OpenID provider under `/idp`.
 * `external`: Auth0 or any OpenID Connect provider (`OIDC_ISSUER`); `/idp` is not mounted.
 */
export type IdentityConfig =
  | { provider: 'embedded'; issuer: string; clientId: string; audience: string }
  | {
      provider: 'external';
      issuer: string;
      clientId: string;
      audience: string;
      /** Where the access token may carry `email`/`email_verified` as namespaced claims (Auth0 Actions). */
      claimsNamespace: string | undefined;
      /** The access-token claim listing the caller's roles (e.g. an Auth0 Action's namespaced claim). */
      rolesClaim: string | undefined;
      /** Auth0 organization id (`org_…`) or name the shopper must sign in to (the browser checks the ID token for it). */
      organization: string | undefined;
    };

export const DEFAULT_IDP_CLIENT_ID = 'songwish-web';

export type PaymentsConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'fastspring';
      storefront: string;
      scriptUrl: string;
      /** Encrypts the checkout prefill (secure payloads); without it the prefill is sent unencrypted, which only test mode accepts. */
      securePayloadKey: KeyObject | undefined;
      /** FastSpring's API credentials for refunds from the back office; unset: refunds are made in FastSpring's app. */
      api: { username: string; password: string } | undefined;
      /** FASTSPRING_API_URL: where FastSpring's API answers. */
      apiUrl: string;
      /** A staging store: FastSpring's test orders (`live: false`) grant licences and downloads. */
      acceptTestOrders: boolean;
    };

/** Where the storefront loads the Store Builder Library from, and which storefront it opens. */
export const SANDBOX_SCRIPT_PATH = '/sandbox/fastspring/builder.js';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once; every bad variable is listed, not just the first. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const relevant = Object.fromEntries(Object.keys(envSchema.shape).map((key) => [key, emptyToUndefined(source[key])]));
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`));
  }
  const env = parsed.data;
  if (env.PAYMENTS_PROVIDER === 'fastspring' && !env.FASTSPRING_STOREFRONT) {
    throw new ConfigError(['FASTSPRING_STOREFRONT: required when PAYMENTS_PROVIDER is fastspring']);
  }
  if (env.OIDC_ISSUER && (!env.OIDC_CLIENT_ID || !env.OIDC_AUDIENCE)) {
    throw new ConfigError(
      [!env.OIDC_CLIENT_ID && 'OIDC_CLIENT_ID', !env.OIDC_AUDIENCE && 'OIDC_AUDIENCE']
        .filter(Boolean)
        .map((name) => `${name}: required when OIDC_ISSUER is set`),
    );
  }
  if (!env.OIDC_ISSUER && env.OIDC_ROLES_CLAIM) {
    throw new ConfigError(['OIDC_ROLES_CLAIM: only used with OIDC_ISSUER; with the built-in sign-in, name administrators in ADMIN_EMAILS']);
  }
  if (!env.OIDC_ISSUER && env.OIDC_ORGANIZATION) {
    throw new ConfigError(['OIDC_ORGANIZATION: only used with OIDC_ISSUER (an Auth0 tenant with organizations); the embedded provider has none']);
  }
  if (!env.OIDC_ISSUER && env.OIDC_AUDIENCE && !URL.canParse(env.OIDC_AUDIENCE)) {
    throw new ConfigError(['OIDC_AUDIENCE: the embedded provider needs an absolute URL (a resource indicator), e.g. https://shop.example.com/api']);
  }
  if (env.PAYMENTS_PROVIDER !== 'fastspring' && (env.FASTSPRING_PRIVATE_KEY || env.FASTSPRING_PRIVATE_KEY_FILE)) {
    throw new ConfigError([
      `${env.FASTSPRING_PRIVATE_KEY ? 'FASTSPRING_PRIVATE_KEY' : 'FASTSPRING_PRIVATE_KEY_FILE'}: only used with PAYMENTS_PROVIDER=fastspring (the sandbox takes the prefill unencrypted)`,
    ]);
  }
  if (Boolean(env.FASTSPRING_API_USERNAME) !== Boolean(env.FASTSPRING_API_PASSWORD)) {
    throw new ConfigError([
      `${env.FASTSPRING_API_USERNAME ? 'FASTSPRING_API_PASSWORD' : 'FASTSPRING_API_USERNAME'}: set FASTSPRING_API_USERNAME and FASTSPRING_API_PASSWORD together`,
    ]);
  }
  const storageProblems = checkStorage(env);
  if (storageProblems.length > 0) throw new ConfigError(storageProblems);
  const exposureProblems = [...checkSandboxExposure(env), ...checkMail(env), ...checkLanguageModel(env)];
  if (exposureProblems.length > 0) throw new ConfigError(exposureProblems);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const identity: IdentityConfig = env.OIDC_ISSUER
    ? {
        provider: 'external',
        issuer: env.OIDC_ISSUER,
        clientId: env.OIDC_CLIENT_ID!,
        audience: env.OIDC_AUDIENCE!,
        claimsNamespace: env.OIDC_CLAIMS_NAMESPACE,
        rolesClaim: env.OIDC_ROLES_CLAIM,
        organization: env.OIDC_ORGANIZATION,
      }
    : {
        provider: 'embedded',
        issuer: `${publicUrl}/idp`,
        clientId: env.OIDC_CLIENT_ID ?? DEFAULT_IDP_CLIENT_ID,
        audience: env.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      };
  const publicIdentity: PublicIdentityConfig = {
    authority: identity.issuer,
    clientId: identity.clientId,
    audience: identity.audience,
    provider: identity.provider,
    ...(identity.provider === 'external' && identity.organization ? { organization: identity.organization } : {}),
  };
  const payments: PaymentsConfig =
    env.PAYMENTS_PROVIDER === 'fastspring'
      ? {
          provider: 'fastspring',
          storefront: env.FASTSPRING_STOREFRONT!,
          scriptUrl: env.FASTSPRING_SBL_URL,
          securePayloadKey: readSecurePayloadKey(env, cwd),
          acceptTestOrders: env.FASTSPRING_ACCEPT_TEST_ORDERS,
          api:
            env.FASTSPRING_API_USERNAME && env.FASTSPRING_API_PASSWORD
              ? { username: env.FASTSPRING_API_USERNAME, password: env.FASTSPRING_API_PASSWORD }
              : undefined,
          apiUrl: env.FASTSPRING_API_URL,
        }
      : { provider: 'sandbox' };
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    dataDir: path.resolve(cwd, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    accessLog: env.ACCESS_LOG,
    storeName: env.STORE_NAME,
    currency: env.STORE_CURRENCY,
    timeZone: env.STORE_TIMEZONE,
    publicConfig: {
      storeName: env.STORE_NAME,
      publicUrl,
      currency: env.STORE_CURRENCY,
      zeroPrice: zeroMoney(env.STORE_CURRENCY),
      contactEmail: env.STORE_CONTACT_EMAIL,
      supportEmail: env.STORE_SUPPORT_EMAIL,
      privacyEmail: env.STORE_PRIVACY_EMAIL,
      social: {
        video: env.SOCIAL_VIDEO_URL,
        facebook: env.SOCIAL_FACEBOOK_URL,
        instagram: env.SOCIAL_INSTAGRAM_URL,
        x: env.SOCIAL_X_URL,
        audio: env.SOCIAL_AUDIO_URL,
        loops: env.SOCIAL_LOOPS_URL,
      },
      payments:
        payments.provider === 'fastspring'
          ? { provider: 'fastspring', scriptUrl: payments.scriptUrl, storefront: payments.storefront }
          : { provider: 'sandbox', scriptUrl: SANDBOX_SCRIPT_PATH, storefront: `${new URL(publicUrl).host}/sandbox` },
      identity: publicIdentity,
      visualizer: { landingMidiUrl: env.LANDING_MIDI_URL },
    },
    corsOrigins: env.CORS_ORIGINS.map((origin) => new URL(origin).origin),
    trustProxy: env.TRUST_PROXY,
    rateLimit: { max: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MS, identityEmailForms: env.IDP_EMAIL_FORMS_PER_15_MINUTES },
    lyra: {
      queriesPerMinute: env.LYRA_RATE_LIMIT_PER_MINUTE,
      sketchFilesPerMinute: env.LYRA_SKETCH_FILES_PER_MINUTE,
      llm:
        env.LYRA_LLM_BASE_URL && env.LYRA_LLM_MODEL
          ? { baseUrl: env.LYRA_LLM_BASE_URL, model: env.LYRA_LLM_MODEL, apiKey: env.LYRA_LLM_API_KEY, timeoutMs: env.LYRA_LLM_TIMEOUT_MS }
          : undefined,
    },
    analytics: { enabled: env.ANALYTICS === 'on', eventsPerMinute: env.ANALYTICS_EVENTS_PER_MINUTE },
    bodyLimit: env.BODY_LIMIT_BYTES,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(cwd, env.WEB_DIST_DIR) : undefined,
    payments,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `${env.STORE_NAME} <${env.STORE_CONTACT_EMAIL}>`,
      mailboxLocked: env.PAYMENTS_PROVIDER === 'sandbox' && isPublicSandbox(env),
    },
    identity,
    admin: { emails: env.ADMIN_EMAILS.map((email) => email.toLowerCase()), rolesClaim: env.OIDC_ROLES_CLAIM },
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    licensing: {
      fileTtlDays: env.LICENSING_FILE_TTL_DAYS,
      staleDays: env.LICENSING_STALE_DAYS,
      trialDays: env.LICENSING_TRIAL_DAYS,
      requestsPerMinute: env.LICENSING_REQUESTS_PER_MINUTE,
      keyRequestsPerMinute: env.LICENSING_KEY_REQUESTS_PER_MINUTE,
      unknownKeysPer15Minutes: env.LICENSING_UNKNOWN_KEYS_PER_15_MINUTES,
    },
    storage:
      env.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION!,
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            credentials: env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY! } : undefined,
          }
        : { driver: 'local', dir: path.resolve(cwd, env.DATA_DIR, 'files') },
  };
}

/** FASTSPRING_PRIVATE_KEY or FASTSPRING_PRIVATE_KEY_FILE, checked at start (RSA, 2048 bits or more). */
function readSecurePayloadKey(env: Env, cwd: string): KeyObject | undefined {
  if (env.FASTSPRING_PRIVATE_KEY && env.FASTSPRING_PRIVATE_KEY_FILE) {
    throw new ConfigError(['FASTSPRING_PRIVATE_KEY_FILE: set FASTSPRING_PRIVATE_KEY or FASTSPRING_PRIVATE_KEY_FILE, not both']);
  }
  const name = env.FASTSPRING_PRIVATE_KEY_FILE ? 'FASTSPRING_PRIVATE_KEY_FILE' : 'FASTSPRING_PRIVATE_KEY';
  let pem = env.FASTSPRING_PRIVATE_KEY;
  if (env.FASTSPRING_PRIVATE_KEY_FILE) {
    const file = path.resolve(cwd, env.FASTSPRING_PRIVATE_KEY_FILE);
    try {
      pem = readFileSync(file, 'utf8');
    } catch (error) {
      throw new ConfigError([`${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`]);
    }
  }
  if (pem === undefined) return undefined;
  try {
    return parseSecurePayloadKey(pem);
  } catch (error) {
    throw new ConfigError([`${name}: ${(error as Error).message}`]);
  }
}

/** The S3 settings go together: every missing or stray one is named. */
function checkStorage(env: Env): string[] {
  const s3Names = ['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (env.STORAGE_DRIVER !== 's3') {
    const stray = s3Names.filter((name) => env[name] !== undefined);
    return stray.length > 0 ? [`STORAGE_DRIVER: set it to s3 to use ${stray.join(', ')} (files are in DATA_DIR/files while it is local)`] : [];
  }
  const problems: string[] = [];
  if (!env.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE_DRIVER is s3');
  if (!env.S3_REGION) problems.push("S3_REGION: required when STORAGE_DRIVER is s3 (e.g. 'eu-central-1'; 'auto' for Cloudflare R2)");
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      `${env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (leave both unset to use the AWS SDK's default credentials, e.g. an instance role)`,
    );
  }
  if (env.S3_ENDPOINT && !env.S3_ACCESS_KEY_ID) problems.push('S3_ACCESS_KEY_ID: required with S3_ENDPOINT (an S3-compatible service has no instance role)');
  return problems;
}

/**
 * The sandbox takes test cards and shows every email (sign-in and reset links included) at
 * /dev/mailbox: on a public address that hands out licences and accounts. It stays on
 * loopback unless the maker says it is a public demo, and then the mailbox is locked.
 */
function checkSandboxExposure(env: Env): string[] {
  if (env.PAYMENTS_PROVIDER !== 'sandbox' || env.SANDBOX_ON_PUBLIC_HOST || !isPublicSandbox(env)) return [];
  const [name, value] = env.PUBLIC_URL?.startsWith('https:') ? ['PUBLIC_URL', env.PUBLIC_URL] : ['HOST', env.HOST];
  return [
    `${name}: ${value} is public, and the sandbox payment provider (PAYMENTS_PROVIDER=sandbox) gives away test orders and shows every email, ` +
      'sign-in and password-reset links included, at /dev/mailbox. Take real payments (PAYMENTS_PROVIDER=fastspring), ' +
      'keep the sandbox on HOST=localhost with an http PUBLIC_URL, or set SANDBOX_ON_PUBLIC_HOST=true for a public demo (the mailbox then needs the key printed at start)',
  ];
}

function isPublicSandbox(env: Env) {
  return !isLoopbackHost(env.HOST) || Boolean(env.PUBLIC_URL?.startsWith('https:'));
}

/** `localhost`, 127.0.0.0/8 and ::1; anything else (0.0.0.0, ::, a name) may be reachable from outside. */
export function isLoopbackHost(host: string) {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return bare === 'localhost' || bare === '::1' || (isIPv4(bare) && bare.startsWith('127.'));
}

/** With FastSpring nothing else shows the store's emails: without SMTP, shoppers could never confirm their address. */
function checkMail(env: Env): string[] {
  if (env.MAIL_DISABLED && env.SMTP_URL) return ['MAIL_DISABLED: set SMTP_URL or MAIL_DISABLED=true, not both'];
  if (env.PAYMENTS_PROVIDER !== 'fastspring' || env.SMTP_URL || env.MAIL_DISABLED) return [];
  return [
    'SMTP_URL: required when PAYMENTS_PROVIDER is fastspring: order, confirmation and password-reset emails go out through it ' +
      '(e.g. smtps://user:password@smtp.example.com:465). Set MAIL_DISABLED=true to start without email: they are then kept in the database and sent once SMTP_URL is set',
  ];
}

/** Lyra's language model needs both its address and its model; a key alone would be sent nowhere. */
function checkLanguageModel(env: Env): string[] {
  if (env.LYRA_LLM_BASE_URL && !env.LYRA_LLM_MODEL)
    return ['LYRA_LLM_MODEL: required with LYRA_LLM_BASE_URL (the model name the endpoint knows, e.g. gpt-4o-mini or llama3.1)'];
  if (!env.LYRA_LLM_BASE_URL && env.LYRA_LLM_MODEL)
    return ['LYRA_LLM_BASE_URL: required with LYRA_LLM_MODEL (e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 for Ollama)'];
  if (!env.LYRA_LLM_BASE_URL && env.LYRA_LLM_API_KEY)
    return ['LYRA_LLM_API_KEY: only used with LYRA_LLM_BASE_URL and LYRA_LLM_MODEL (Lyra answers from the store’s pages without them)'];
  return [];
}

function emptyToUndefined(value: string | undefined) {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
