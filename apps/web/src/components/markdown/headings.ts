import type { Element, ElementContent, Root, RootContent } from 'hast';

/** A heading of a Markdown page, for the "On this page" list. */
export interface PageHeading {
  depth: number;
  text: string;
  id: string;
}

/**
 * Ids the page layout already uses; a heading with the same text gets a suffixed id instead
 * (a heading "Main" must not steal the skip link's `#main` target).
 */
const RESERVED_IDS = ['main', 'root'];

/** `Plugins: 30 days` → `plugins-30-days`; `Québec` → `quebec`. Never empty. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'section' : slug;
}

/** Gives each heading of one document a unique id: `setup`, `setup-1`, `setup-2`… */
export function createSlugger(): (text: string) => string {
  const used = new Set(RESERVED_IDS);
  return (text) => {
    const base = slugify(text);
    let id = base;
    for (let n = 1; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
}

/**
 * The ATX headings (`## Title`) of a Markdown document with the ids the renderer gives them,
 * in order. Headings inside fenced code are skipped. Setext headings (underlined with `===` or
 * `---`) and headings inside lists or quotes are not found; the content pages use neither, and
 * a test checks that these ids match the rendered ones for every page.
 */
export function extractHeadings(markdown: string): PageHeading[] {
  const slug = createSlugger();
  const headings: PageHeading[] = [];
  let fence: string | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch?.[1]) {
      const marker = fenceMatch[1];
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (!heading?.[1]) continue;
    const text = inlineText(heading[2] ?? '');
    headings.push({ depth: heading[1].length, text, id: slug(text) });
  }
  return headings;
}

/** The visible text of one line of inline Markdown (links, emphasis and code marks removed). */
function inlineText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/(\*\*|__|\*|_|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A rehype plugin for react-markdown: gives every heading an `id` from its text, unique in the
 * document, so `#anchors` and the "On this page" list work.
 */
export function rehypeHeadingIds() {
  return (tree: Root) => {
    const slug = createSlugger();
    const visit = (node: Root | RootContent) => {
      if (node.type === 'element' && /^h[1-6]$/.test(node.tagName)) {
        node.properties = { ...node.properties, id: slug(textOf(node)) };
        return;
      }
      if ('children' in node) for (const child of node.children) visit(child);
    };
    visit(tree);
  };
}

function textOf(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}
