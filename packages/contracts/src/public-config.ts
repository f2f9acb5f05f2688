import { z } from 'zod';

/**
 * The part of the store's configuration the browser may see. The server writes it into
 * index.html as `<meta name="store-config" content="{json}">`; nothing secret belongs here.
 */
export const publicStoreConfigSchema = z.object({
  storeName: z.string(),
  currency: z.string().length(3),
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
});
export type PublicStoreConfig = z.infer<typeof publicStoreConfigSchema>;

export { STORE_CONFIG_META_NAME } from './store-config-meta';
