import path from 'node:path';
import { DEFAULT_LANDING_MIDI_URL, type PublicIdentityConfig, type PublicStoreConfig } from '@store/contracts';
import { z } from 'zod';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const commaList = z
  .string()
  .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean));

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://');

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_LOG: booleanText.default(false),
  STORE_NAME: z.string().min(1).max(60).default('SongWish'),
  STORE_CURRENCY: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code').default('USD'),
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
  TRUST_PROXY: booleanText.default(false),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  WEB_DIST_DIR: z.string().optional(),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'fastspring']).default('sandbox'),
  FASTSPRING_STOREFRONT: z
    .string()
    .regex(/^[a-z0-9.-]+\.onfastspring\.com\/[a-z0-9/_-]+$/i, "looks like 'yourstore.test.onfastspring.com/embedded-yourstore'")
    .optional(),
  FASTSPRING_SBL_URL: z.url({ protocol: /^https$/ }).default('https://sbl.onfastspring.com/sbl/1.0.5/fastspring-builder.min.js'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z
    .string()
    .max(200)
    .regex(/^[\w.:@-]+$/, 'letters, digits and . : @ _ -')
    .optional(),
  OIDC_AUDIENCE: z.string().min(1).max(500).optional(),
  OIDC_CLAIMS_NAMESPACE: z.url().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** One log line per request; off by default (see docs/decisions/0004-hot-path.md). */
  accessLog: boolean;
  storeName: string;
  currency: string;
  /** What the browser may know about the store (written into index.html). */
  publicConfig: PublicStoreConfig;
  corsOrigins: string[];
  trustProxy: boolean;
  rateLimit: { max: number; windowMs: number };
  bodyLimit: number;
  webDistDir: string | undefined;
  payments: PaymentsConfig;
  mail: { smtpUrl: string | undefined; from: string };
  identity: IdentityConfig;
}

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
    };

export const DEFAULT_IDP_CLIENT_ID = 'songwish-web';

export type PaymentsConfig =
  | { provider: 'sandbox' }
  | { provider: 'fastspring'; storefront: string; scriptUrl: string };

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
  const relevant = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, emptyToUndefined(source[key])]),
  );
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
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
  if (!env.OIDC_ISSUER && env.OIDC_AUDIENCE && !URL.canParse(env.OIDC_AUDIENCE)) {
    throw new ConfigError(['OIDC_AUDIENCE: the embedded provider needs an absolute URL (a resource indicator), e.g. https://shop.example.com/api']);
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const identity: IdentityConfig = env.OIDC_ISSUER
    ? {
        provider: 'external',
        issuer: env.OIDC_ISSUER,
        clientId: env.OIDC_CLIENT_ID!,
        audience: env.OIDC_AUDIENCE!,
        claimsNamespace: env.OIDC_CLAIMS_NAMESPACE,
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
  };
  const payments: PaymentsConfig =
    env.PAYMENTS_PROVIDER === 'fastspring'
      ? { provider: 'fastspring', storefront: env.FASTSPRING_STOREFRONT!, scriptUrl: env.FASTSPRING_SBL_URL }
      : { provider: 'sandbox' };
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    dataDir: path.resolve(cwd, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    accessLog: env.ACCESS_LOG,
    storeName: env.STORE_NAME,
    currency: env.STORE_CURRENCY,
    publicConfig: {
      storeName: env.STORE_NAME,
      currency: env.STORE_CURRENCY,
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
    rateLimit: { max: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MS },
    bodyLimit: env.BODY_LIMIT_BYTES,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(cwd, env.WEB_DIST_DIR) : undefined,
    payments,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `${env.STORE_NAME} <${env.STORE_CONTACT_EMAIL}>` },
    identity,
  };
}

function emptyToUndefined(value: string | undefined) {
  return value === undefined || value.trim() === '' ? undefined : value;
}
