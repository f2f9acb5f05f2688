/**
 * The Markdown content pages of the store: about, support, policies, installation and
 * manuals. Each body is lazy-loaded with Vite's `?raw` import, so a page's text is only
 * fetched when that page is opened.
 *
 * The Markdown holds `{{TOKEN}}` placeholders for the parts a self-hosting maker changes
 * (store name, contact addresses, the video channel); render it through `fillTokens` first.
 *
 * A page's address comes from `paths.content` in @store/contracts, the list the router and the
 * server are built from; this index adds what each page says.
 */
import { paths, type ContentSlug } from '@store/contracts/paths';

export type { ContentSlug };

export interface ContentPage {
  slug: string;
  path: string;
  title: string;
  description: string;
  /** A long page: it gets an "On this page" list of its sections. */
  contents?: boolean;
  /** A manual: its opening paragraph is shown as a pointer to this installation guide (a page address). */
  installationGuide?: string;
  load: () => Promise<string>;
}

const pages: Record<ContentSlug, Omit<ContentPage, 'slug' | 'path'>> = {
  about: {
    title: 'About Us',
    description: 'Two musicians, one wish: why we built the reMIDI pad-mapping plugin, what we make now, and our fair licensing and free updates.',
    load: () => import('../pages/about.md?raw').then((m) => m.default),
  },
  support: {
    contents: true,
    title: 'Support Center',
    description:
      'Help with accounts, downloads, licences on up to 3 computers and security, plus links to installation, the reMIDI 4 manual and e-mail support.',
    load: () => import('../pages/support.md?raw').then((m) => m.default),
  },
  'privacy-policy': {
    contents: true,
    title: 'Privacy Policy',
    description:
      'What personal information we collect, why, who processes it, how long we keep it, and how to use your rights of access, correction and deletion.',
    load: () => import('../pages/privacy-policy.md?raw').then((m) => m.default),
  },
  'refund-policy': {
    contents: true,
    title: 'Refund Policy',
    description: 'Refunds within 30 days of purchase, paid to your original payment method within 7–10 business days, and when sample packs and MIDI qualify.',
    load: () => import('../pages/refund-policy.md?raw').then((m) => m.default),
  },
  'terms-and-conditions': {
    contents: true,
    title: 'Terms and Conditions',
    description:
      'Licence terms for our plugins, sample packs and MIDI: royalty-free use in your music, activations on up to 3 computers, payments, updates and trials.',
    load: () => import('../pages/terms-and-conditions.md?raw').then((m) => m.default),
  },
  'marketing-policy': {
    contents: true,
    title: 'Marketing Policy',
    description: 'We send news only with your consent, every email can be unsubscribed in one click, we never sell our list, and coupons have clear rules.',
    load: () => import('../pages/marketing-policy.md?raw').then((m) => m.default),
  },
  'cookie-policy': {
    contents: true,
    title: 'Cookie Policy',
    description: 'What the store keeps in your browser (theme, cart, sign-in), the cookies set by our payment and identity providers, and how to clear them.',
    load: () => import('../pages/cookie-policy.md?raw').then((m) => m.default),
  },
  'remidi-4-installation': {
    contents: true,
    title: 'reMIDI 4 Installation',
    description: 'Install reMIDI 4 as VST3 or AU on macOS and Windows, activate your licence, update, uninstall and fix plugins that do not show up.',
    load: () => import('../pages/remidi-4-installation.md?raw').then((m) => m.default),
  },
  'user-manuals': {
    title: 'User Manuals',
    description: 'Manuals and setup guides: the reMIDI 4 user manual and installation guide, and where to find the reChannel manual.',
    load: () => import('../pages/user-manuals.md?raw').then((m) => m.default),
  },
  'remidi-4-user-manual': {
    contents: true,
    installationGuide: paths.content['remidi-4-installation'].path,
    title: 'reMIDI 4 User Manual',
    description:
      'The reMIDI 4 manual: 128 pads in 8 pages of 16, the editor and its tools, the keys display, settings, DAW routing on 16 MIDI channels, shortcuts.',
    load: () => import('../pages/remidi-4-user-manual.md?raw').then((m) => m.default),
  },
};

export const contentPages = Object.fromEntries(
  Object.entries(pages).map(([slug, page]) => [slug, { ...page, slug, path: paths.content[slug as ContentSlug].path }]),
) as Record<ContentSlug, ContentPage>;

/** The pages in menu order. */
export const contentPageList: readonly ContentPage[] = Object.values(contentPages);

/** The page served at `path` (exact match, trailing slash ignored), or undefined. */
export function findContentPageByPath(path: string): ContentPage | undefined {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return contentPageList.find((page) => page.path === normalised);
}

/** The values of the `{{TOKEN}}` placeholders in the pages. */
export interface ContentTokens {
  STORE_NAME: string;
  CONTACT_EMAIL: string;
  SUPPORT_EMAIL: string;
  PRIVACY_EMAIL: string;
  /** The tutorial video channel's address (a link target). */
  VIDEO_CHANNEL_URL: string;
}

const TOKEN_PATTERN = /\{\{([A-Z][A-Z0-9_]*)\}\}/g;

/**
 * Replaces every `{{TOKEN}}` whose name is a key of `values`; unknown tokens are left as
 * they are. Replacement text is inserted literally (no `$&`-style patterns).
 */
export function fillTokens(markdown: string, values: ContentTokens): string {
  const table: Readonly<Record<string, string>> = values as unknown as Record<string, string>;
  return markdown.replace(TOKEN_PATTERN, (match, name: string) => (Object.prototype.hasOwnProperty.call(table, name) ? (table[name] ?? match) : match));
}
