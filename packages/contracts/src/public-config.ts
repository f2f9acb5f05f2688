import { z } from 'zod';

/**
 * How the browser signs in (OpenID Connect, authorization code with PKCE). `authority` is the
 * issuer: discovery is at `{authority}/.well-known/openid-configuration`. The embedded provider
 * is `{PUBLIC_URL}/idp`; an external one (Auth0 or any OIDC provider) is `OIDC_ISSUER`.
 * Access tokens for the store's API are requested for `audience` (Auth0's `audience` parameter;
 * the embedded provider also accepts it, or the RFC 8707 `resource` parameter).
 */
export const publicIdentityConfigSchema = z.object({
  authority: z.url(),
  clientId: z.string().min(1),
  audience: z.string().min(1),
  provider: z.enum(['embedded', 'external']),
  /**
   * An Auth0 organization (`OIDC_ORGANIZATION`): its id (`org_…`) or name. Sent as the
   * `organization` sign-in parameter; the browser refuses an ID token for any other one.
   */
  organization: z.string().min(1).optional(),
});
export type PublicIdentityConfig = z.infer<typeof publicIdentityConfigSchema>;

/**
 * The part of the store's configuration the browser may see. The server writes it into
 * index.html as `<meta name="store-config" content="{json}">`; nothing secret belongs here.
 */
export const publicStoreConfigSchema = z.object({
  storeName: z.string(),
  /** The store's public address (PUBLIC_URL, no trailing slash): canonical links and structured data are absolute. */
  publicUrl: z.url(),
  currency: z.string().length(3),
  /** The zero amount in `currency` as the server writes prices ('$0.00'): the browser's 'free' texts need no formatter of their own. */
  zeroPrice: z.string().min(1),
  contactEmail: z.email(),
  supportEmail: z.email(),
  privacyEmail: z.email(),
  social: z.object({
    video: z.url(),
    facebook: z.url(),
    instagram: z.url(),
    x: z.url(),
    audio: z.url(),
    loops: z.url(),
  }),
  /**
   * The payment provider's Store Builder Library: the storefront loads `scriptUrl` with
   * `data-storefront={storefront}` whether it is FastSpring or the embedded sandbox.
   */
  payments: z.object({
    provider: z.enum(['sandbox', 'fastspring']),
    scriptUrl: z.string().min(1),
    storefront: z.string().min(1),
  }),
  /** The identity provider (embedded or external); the server always sends it. */
  identity: publicIdentityConfigSchema,
  /** The landing page's falling-notes piano roll: where its sample MIDI file is fetched from. */
  visualizer: z.object({ landingMidiUrl: z.string().min(1) }),
});
export type PublicStoreConfig = z.infer<typeof publicStoreConfigSchema>;

export { DEFAULT_LANDING_MIDI_URL, STORE_CONFIG_META_NAME } from './store-config-meta';
