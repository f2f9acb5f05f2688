import { STORE_CONFIG_META_NAME, type PublicStoreConfig } from '@store/contracts';
import { escapeHtml } from '../lib/escape-html';

/** An image the page shows first; with `srcset` and `sizes` the browser picks the same width as the page will. */
export interface ImagePreload {
  href: string;
  srcset?: string;
  sizes?: string;
}

/** What a shared link should preview: written into index.html for the page being served. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the preview image. */
  image?: string;
  url: string;
  type: 'website' | 'product';
  /**
   * What the page will fetch first (API answers, its main image): preloaded so the browser
   * starts them while the app's JavaScript is still loading.
   */
  preload?: { fetch?: string[]; image?: ImagePreload[]; modules?: string[] };
}

/**
 * Fills the built index.html for one page: the public store configuration (read by the app
 * at start) and the page's title, description and Open Graph tags (read by link previews,
 * which do not run JavaScript). Everything is attribute-escaped; no inline script is added,
 * so the CSP's script hashes stay valid.
 */
export function renderIndexHtml(template: string, config: PublicStoreConfig, meta: PageMeta): string {
  const tags = [
    `<meta name="${STORE_CONFIG_META_NAME}" content="${escapeHtml(JSON.stringify(config))}" />`,
    `<meta property="og:site_name" content="${escapeHtml(config.storeName)}" />`,
    `<meta property="og:type" content="${meta.type === 'product' ? 'product' : 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}" />` : '',
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    // Same mode and credentials as the app's fetch, so the browser reuses the preloaded answer.
    ...(meta.preload?.fetch ?? []).map((href) => `<link rel="preload" as="fetch" href="${escapeHtml(href)}" crossorigin="use-credentials" />`),
    // Same crossorigin as Vite's own modulepreloads, or the browser would fetch them twice.
    ...(meta.preload?.modules ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
    ...(meta.preload?.image ?? []).map(imagePreloadTag),
  ]
    .filter(Boolean)
    .join('\n    ');
  // Replacer functions, not strings: a replacement string expands $&, $` and $' (which a
  // request path or a product name may contain) into parts of the template.
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(meta.description)}" />`)
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

function imagePreloadTag({ href, srcset, sizes }: ImagePreload): string {
  const choice = srcset && sizes ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(href)}"${choice} fetchpriority="high" />`;
}

/** Plain text of a product summary (HTML) for a meta description, at most 160 characters. */
export function summaryToDescription(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}
