import { createHash } from 'node:crypto';
import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

/**
 * Bearer access tokens for the store API, from the embedded provider or an external one
 * (Auth0 or any OpenID provider). Checked with jose: issuer, audience, RS256 only, exp and iat
 * with 60 s of clock tolerance, and a subject. The customer's email is taken only from
 * verified claims, and only `email_verified === true` makes it usable for orders.
 */
export interface Caller {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
  name: string | undefined;
  /** Roles the identity provider grants (from the configured roles claim); none from the embedded provider. */
  roles: string[];
}

export interface AccessTokenVerifier {
  /** Resolves the caller, or throws `InvalidTokenError`. */
  verify(token: string): Promise<Caller>;
}

export class InvalidTokenError extends Error {
  constructor(
    message: string,
    /** What went wrong, for logs; never sent to the client beyond `message`. */
    readonly reason: string,
  ) {
    super(message);
    this.name = 'InvalidTokenError';
  }
}

export const CLOCK_TOLERANCE_SECONDS = 60;
const ALGORITHMS = ['RS256'];

async function verifyJwt(token: string, keys: JWTVerifyGetKey, issuer: string, audience: string): Promise<JWTPayload & { sub: string }> {
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer,
      audience,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new InvalidTokenError('The access token is not valid.', 'empty subject');
    return payload as JWTPayload & { sub: string };
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new InvalidTokenError('The access token has expired. Sign in again.', 'expired');
    if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError('The access token is not valid.', `${error.code}: ${error.message}`);
    throw error;
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

// ---------------------------------------------------------------------------
// Embedded provider

export interface EmbeddedVerifierOptions {
  issuer: string;
  audience: string;
  /** The provider's public signing keys (no network needed). */
  publicJwks: JSONWebKeySet;
  /** The account behind `sub`: its current verification state, names and token cut-off. */
  findAccount: (
    subject: string,
  ) => Promise<{ email: string; emailVerified: boolean; givenName: string; familyName: string; fullName: string; tokensValidAfter: Date | null } | undefined>;
}

/**
 * Our own tokens carry `email` and `email_verified` (the provider adds them). A token counts for
 * orders only if it was issued for a verified address that is still the account's, and not
 * before the account's cut-off (set when the address is confirmed or the password reset): a
 * token issued while the address was unconfirmed never gains access, whoever confirms it later.
 */
export function embeddedTokenVerifier(options: EmbeddedVerifierOptions): AccessTokenVerifier {
  const keys = createLocalJWKSet(options.publicJwks);
  return {
    async verify(token) {
      const payload = await verifyJwt(token, keys, options.issuer, options.audience);
      const account = await options.findAccount(payload.sub);
      if (!account) throw new InvalidTokenError('The access token is not valid.', 'no such account');
      if (account.tokensValidAfter && (payload.iat ?? 0) * 1000 < account.tokensValidAfter.getTime()) {
        throw new InvalidTokenError('The access token is no longer valid. Sign in again.', "issued before the account's tokens-valid-after time");
      }
      const email = text(payload.email)?.toLowerCase();
      return {
        subject: payload.sub,
        email,
        emailVerified: payload.email_verified === true && email !== undefined && account.emailVerified && account.email === email,
        givenName: account.givenName,
        familyName: account.familyName,
        name: account.fullName,
        roles: [],
      };
    },
  };
}

// ---------------------------------------------------------------------------
// External provider

const discoverySchema = z.object({
  issuer: z.string().min(1),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
});

const userinfoSchema = z
  .object({
    sub: z.string(),
    email: z.string().optional(),
    email_verified: z.unknown().optional(),
    given_name: z.string().optional(),
    family_name: z.string().optional(),
    name: z.string().optional(),
  })
  .loose();
type Userinfo = z.infer<typeof userinfoSchema>;

export interface ExternalVerifierOptions {
  issuer: string;
  audience: string;
  /** Auth0-style namespaced claims, e.g. `https://store.example/` + `email`. */
  claimsNamespace?: string;
  /** The access-token claim listing the caller's roles (an array, or a space-separated string), e.g. `https://store.example/roles`. */
  rolesClaim?: string;
  fetch?: typeof fetch;
  /** How long a userinfo answer is reused for the same token. */
  userinfoCacheMs?: number;
  now?: () => number;
}

const TIMEOUT_MS = 5_000;

export function externalTokenVerifier(options: ExternalVerifierOptions): AccessTokenVerifier {
  const fetcher = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const cacheMs = options.userinfoCacheMs ?? 60_000;
  const namespace = options.claimsNamespace ? (options.claimsNamespace.endsWith('/') ? options.claimsNamespace : `${options.claimsNamespace}/`) : undefined;
  let discovery: Promise<{ issuer: string; keys: JWTVerifyGetKey; userinfo: string | undefined }> | undefined;
  const userinfoCache = new Map<string, { expires: number; info: Userinfo }>();

  /** Discovery once per process (retried after a failure); jose caches and refreshes the key set. */
  function discover() {
    discovery ??= (async () => {
      const url = `${options.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
      const response = await fetcher(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`OpenID discovery at ${url} answered ${response.status}`);
      const document = discoverySchema.parse(await response.json());
      if (document.issuer.replace(/\/+$/, '') !== options.issuer.replace(/\/+$/, '')) {
        throw new Error(`OpenID discovery at ${url} names the issuer ${document.issuer}, not ${options.issuer}`);
      }
      return {
        issuer: document.issuer,
        keys: createRemoteJWKSet(new URL(document.jwks_uri), { timeoutDuration: TIMEOUT_MS, cooldownDuration: 30_000 }),
        userinfo: document.userinfo_endpoint,
      };
    })();
    discovery.catch(() => {
      discovery = undefined;
    });
    return discovery;
  }

  async function userinfo(endpoint: string, token: string, subject: string, exp: number | undefined): Promise<Userinfo> {
    const key = createHash('sha256').update(token).digest('base64url');
    const cached = userinfoCache.get(key);
    if (cached && cached.expires > now()) return cached.info;
    const response = await fetcher(endpoint, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status === 401 || response.status === 403)
      throw new InvalidTokenError('The access token is not valid.', `userinfo answered ${response.status}`);
    if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
    const info = userinfoSchema.parse(await response.json());
    // OpenID Connect Core §5.3.4: the answer is about the token's subject, or it is not used.
    if (info.sub !== subject) throw new InvalidTokenError('The access token is not valid.', 'userinfo subject differs from the token');
    const expires = Math.min(now() + cacheMs, exp ? exp * 1000 : Infinity);
    if (userinfoCache.size > 10_000) userinfoCache.clear();
    userinfoCache.set(key, { expires, info });
    return info;
  }

  return {
    async verify(token) {
      const provider = await discover();
      const payload = await verifyJwt(token, provider.keys, provider.issuer, options.audience);
      let email = text(namespace ? payload[`${namespace}email`] : undefined) ?? text(payload.email);
      let verified = namespace && payload[`${namespace}email_verified`] !== undefined ? payload[`${namespace}email_verified`] : payload.email_verified;
      let names: Partial<Userinfo> = { given_name: text(payload.given_name), family_name: text(payload.family_name), name: text(payload.name) };
      if ((email === undefined || verified !== true) && provider.userinfo) {
        const info = await userinfo(provider.userinfo, token, payload.sub, payload.exp);
        email = text(info.email);
        verified = info.email_verified;
        names = info;
      }
      return {
        subject: payload.sub,
        email: email?.toLowerCase(),
        emailVerified: verified === true && email !== undefined,
        givenName: text(names.given_name),
        familyName: text(names.family_name),
        name: text(names.name),
        roles: options.rolesClaim ? rolesIn(payload[options.rolesClaim]) : [],
      };
    },
  };
}

/** A roles claim as providers send it: an array of names, or one space-separated string. */
function rolesIn(claim: unknown): string[] {
  const names = Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.split(' ') : [];
  return names.filter((name): name is string => typeof name === 'string' && name !== '').slice(0, 100);
}
