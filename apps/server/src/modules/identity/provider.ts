import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { AccountRow } from '#server/db/schema.ts';
import { trustAlignedForwardedHeaders } from './forwarded-headers';
import { drizzleAdapterFactory } from './oidc-adapter';
import type { OidcPayloadsRepository } from './oidc-payloads.repository';
import { errorPage, logoutPage, messagePage, type PageContext } from './pages';
import type { SigningKeys } from './signing-keys';

/**
 * oidc-provider (with Koa and its other dependencies) is the largest module graph of the store:
 * importing it took about a third of a restart, so it is imported when the provider is first
 * needed (just after the store is ready, or the first /idp request, whichever comes first).
 */
export const loadOidcProvider = () => import('oidc-provider');

/** The scopes of the store's browser client, and what each lets the client read. */
export const IDP_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;
const SCOPE = IDP_SCOPES.join(' ');
export const IDP_MOUNT_PATH = '/idp';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const DAY = 24 * 60 * 60;

export interface EmbeddedProviderOptions {
  /** `{PUBLIC_URL}/idp` */
  issuer: string;
  publicUrl: string;
  clientId: string;
  /** The store API's audience (resource indicator), `{PUBLIC_URL}/api` by default. */
  audience: string;
  storeName: string;
  /** Signs the provider's cookies (SESSION_SECRET). */
  cookieSecret: string;
  keys: SigningKeys;
  payloads: OidcPayloadsRepository;
  findAccount: (id: string) => Promise<AccountRow | undefined>;
  /** Origins that may call the token endpoint from a browser besides the store's own (CORS_ORIGINS). */
  corsOrigins: string[];
  onServerError?: (error: unknown) => void;
}

/**
 * The embedded OpenID provider (oidc-provider) with one static public client: the store's web
 * app, authorization code + PKCE (required), refresh tokens with rotation, and JWT access
 * tokens (RS256) for the store API. See docs/decisions/0010-identity.md.
 */
export async function createEmbeddedProvider(options: EmbeddedProviderOptions): Promise<Provider> {
  const { default: Provider, errors } = await loadOidcProvider();
  const { clientId, audience } = options;
  const pageContext: PageContext = { storeName: options.storeName, storeUrl: options.publicUrl };
  const allowedOrigins = new Set([new URL(options.publicUrl).origin, ...options.corsOrigins]);

  const apiResourceServer = {
    scope: SCOPE,
    audience,
    accessTokenFormat: 'jwt' as const,
    accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
    jwt: { sign: { alg: 'RS256' as const } },
  };

  const configuration: Configuration = {
    adapter: drizzleAdapterFactory(options.payloads),
    clients: [
      {
        client_id: clientId,
        client_name: options.storeName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${options.publicUrl}/callback`],
        post_logout_redirect_uris: [options.publicUrl, `${options.publicUrl}/`],
        scope: SCOPE,
      },
    ],
    async findAccount(_ctx, sub, token) {
      const account = await options.findAccount(sub);
      if (!account) return undefined;
      // A code or refresh token from before a password reset or the email's confirmation is refused at the token endpoint.
      if (token && issuedBefore(token.iat, account.tokensValidAfter)) return undefined;
      return { accountId: account.id, claims: () => accountClaims(account) };
    },
    scopes: [...IDP_SCOPES],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    // The web app reads the profile from the ID token (its access token is for the store API,
    // not for userinfo), so the ID token carries the claims of the granted scopes.
    conformIdTokenClaims: false,
    cookies: {
      keys: [options.cookieSecret],
      names: { session: '_idp_session', interaction: '_idp_interaction', resume: '_idp_interaction_resume' },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    jwks: options.keys.privateJwks as Configuration['jwks'],
    enabledJWA: { idTokenSigningAlgValues: ['RS256'], userinfoSigningAlgValues: ['RS256'] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Auth0's `audience` parameter names the API; no parameter at all means the store API too.
        defaultResource(ctx, _client, oneOf) {
          if (oneOf) return oneOf.includes(audience) ? audience : oneOf;
          const requested = ctx.oidc.params?.audience;
          return typeof requested === 'string' && requested ? requested : audience;
        },
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget(`unknown resource or audience: ${resourceIndicator}`);
          return apiResourceServer;
        },
        // The token endpoint returns an access token for the granted API without a `resource` parameter.
        useGrantedResource: () => true,
      },
      rpInitiatedLogout: {
        enabled: true,
        // Signs out at once only for the store's own request (a valid ID token of this session as
        // the hint); any other page that links here gets a question, not a signed-out shopper.
        logoutSource(ctx, form) {
          const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
          const fromTheStore = hint?.payload?.sub !== undefined && hint.payload.sub === ctx.oidc.session?.accountId;
          ctx.type = 'html';
          ctx.body = logoutPage(pageContext, form, { confirm: !fromTheStore });
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = messagePage(pageContext, {
            title: 'You are signed out',
            paragraphs: [`You have been signed out of ${options.storeName}.`],
            action: { label: 'Back to the store', href: `${options.publicUrl}/` },
            role: 'status',
          });
        },
      },
    },
    extraParams: {
      audience(_ctx, value) {
        if (value !== undefined && value !== audience) throw new errors.InvalidTarget(`unknown audience: ${value}`);
      },
      screen_hint: null,
    },
    async extraTokenClaims(_ctx, token) {
      // The store API trusts only verified claims for the customer's email: carry them in the token.
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await options.findAccount(token.accountId);
      return account ? { email: account.email, email_verified: account.emailVerified } : undefined;
    },
    issueRefreshToken: (_ctx, client) => client.clientId === clientId && client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    expiresWithSession: (_ctx, code) => !code.scopes.has('offline_access'),
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
      Interaction: 60 * 60,
      Session: 14 * DAY,
      Grant: 30 * DAY,
      // Rotation hands each new refresh token the rest of its predecessor's lifetime (the default
      // for public browser clients); 30 days after sign-in the shopper signs in again.
      RefreshToken(ctx, token, client) {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        if (rotated && client.clientAuthMethod === 'none' && !token.isSenderConstrained()) return rotated.remainingTTL;
        return 30 * DAY;
      },
    },
    interactions: {
      url: (_ctx, interaction) => `${IDP_MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    // The store's own web app is first party: consent is implied, never asked.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (client.clientId !== clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPE);
      grant.addResourceScope(audience, SCOPE);
      await grant.save();
      return grant;
    },
    clientBasedCORS: (_ctx, origin) => allowedOrigins.has(origin),
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(pageContext, {
        title: 'We could not sign you in',
        message: describeError(out.error, out.error_description),
        detail: `Error: ${out.error}${out.error_description ? ` — ${out.error_description}` : ''}`,
      });
    },
  };

  const provider = new Provider(options.issuer, configuration);
  trustAlignedForwardedHeaders(provider);
  provider.on('server_error', (_ctx: unknown, error: unknown) => options.onServerError?.(error));
  // Koa prints errors that reach it to stderr unless someone listens: send them to our log instead.
  (provider as unknown as NodeJS.EventEmitter).on('error', (error: unknown) => options.onServerError?.(error));
  return provider;
}

/** Whether a token issued at `iat` (seconds) predates the account's cut-off. */
export function issuedBefore(iat: number | undefined, tokensValidAfter: Date | null): boolean {
  if (!tokensValidAfter) return false;
  return iat === undefined || iat * 1000 < tokensValidAfter.getTime();
}

export function accountClaims(account: AccountRow) {
  return {
    sub: account.id,
    email: account.email,
    email_verified: account.emailVerified,
    name: account.fullName,
    given_name: account.givenName,
    family_name: account.familyName,
    ...(account.pictureUrl ? { picture: account.pictureUrl } : {}),
  };
}

function describeError(code: string, description: string | undefined) {
  if (code === 'invalid_request' && description?.includes('interaction')) {
    return 'This sign-in page has expired. Go back to the store and choose Sign in again.';
  }
  if (code === 'invalid_redirect_uri' || code === 'invalid_client') {
    return 'The sign-in request did not come from this store. Go back to the store and choose Sign in again.';
  }
  return 'Something about this sign-in request is not right. Go back to the store and choose Sign in again.';
}
