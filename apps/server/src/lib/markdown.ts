import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

/** Link schemes a Markdown text may use (docs/behaviour/content-pages.md#markdown-links); relative links are allowed too. */
const SAFE_SCHEME = /^(https?|ircs?|mailto|xmpp):/i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Renders catalogue Markdown (product descriptions, release notes) to HTML once, on the
 * server, so product pages ship no Markdown parser. Raw HTML in the text is escaped, links
 * keep only the allowed schemes (a refused link keeps its words as plain text), images only
 * from this site, and headings start at `topHeading` (the page title is the only h1).
 */
export function renderMarkdown(markdown: string, { topHeading = 2 }: { topHeading?: 2 | 3 } = {}): string {
  return parser.render(markdown, { topHeading });
}

export function isSafeMarkdownUrl(url: string): boolean {
  // Browsers ignore these characters inside a scheme ('java\tscript:'); so must we.
  const cleaned = [...url].filter((char) => char.charCodeAt(0) > 0x20 && char.charCodeAt(0) !== 0x7f).join('');
  if (cleaned === '') return false;
  if (cleaned.startsWith('//') || cleaned.startsWith('/\\') || cleaned.startsWith('\\')) return false;
  if (ANY_SCHEME.test(cleaned)) return SAFE_SCHEME.test(cleaned);
  return true;
}

const parser = new MarkdownIt({ html: false, linkify: true, typographer: false });
// Let every link through the parser; the rule below decides, so refused links lose only their href.
parser.validateLink = () => true;

parser.core.ruler.push('store_safe_links_and_images', (state) => {
  for (const block of state.tokens) {
    if (block.type === 'inline' && block.children) block.children = sanitiseInline(block.children);
  }
});

parser.core.ruler.push('store_heading_levels', (state) => {
  const top = (state.env as { topHeading?: number }).topHeading ?? 2;
  for (const token of state.tokens) {
    if (token.type !== 'heading_open' && token.type !== 'heading_close') continue;
    const level = Number(token.tag.slice(1));
    token.tag = `h${Math.min(Math.max(level, 2) + (top - 2), 6)}`;
  }
});

function sanitiseInline(tokens: Token[]): Token[] {
  const kept: Token[] = [];
  const dropped: boolean[] = [];
  for (const token of tokens) {
    if (token.type === 'link_open') {
      const safe = isSafeMarkdownUrl(token.attrGet('href') ?? '');
      dropped.push(!safe);
      if (!safe) continue;
      if (/^https?:/i.test(token.attrGet('href') ?? '')) {
        token.attrSet('target', '_blank');
        token.attrSet('rel', 'noopener noreferrer');
      }
    } else if (token.type === 'link_close') {
      if (dropped.pop()) continue;
    } else if (token.type === 'image') {
      const src = token.attrGet('src') ?? '';
      if (!(src.startsWith('/') && isSafeMarkdownUrl(src))) {
        token.type = 'text';
        token.tag = '';
        token.content = token.content || '';
        token.children = null;
      } else {
        token.attrSet('loading', 'lazy');
      }
    }
    kept.push(token);
  }
  return kept;
}
