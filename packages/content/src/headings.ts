/**
 * Heading ids of a Markdown page, shared by the web app (which renders them as `id`s and lists
 * them under "On this page") and the server (whose assistant links to a section with
 * `/page#id`), so an anchor the server makes always lands where the web app put it.
 */

/** A heading of a Markdown page, for the "On this page" list. */
export interface PageHeading {
  depth: number;
  text: string;
  id: string;
}

/** A heading with the Markdown lines under it, up to the next heading of any depth. */
export interface PageSection {
  /** Undefined for the text before the first heading. */
  heading: PageHeading | undefined;
  body: string;
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
 * The document cut at its ATX headings (`## Title`), each heading with the id the renderer
 * gives it, in order. Headings inside fenced code are skipped. Setext headings (underlined
 * with `===` or `---`) and headings inside lists or quotes are not found; the content pages
 * use neither, and a test checks that these ids match the rendered ones for every page.
 */
export function splitSections(markdown: string): PageSection[] {
  const slug = createSlugger();
  const sections: PageSection[] = [];
  let current: { heading: PageHeading | undefined; lines: string[] } = { heading: undefined, lines: [] };
  const close = () => {
    if (current.heading || current.lines.some((line) => line.trim() !== '')) sections.push({ heading: current.heading, body: current.lines.join('\n') });
  };
  let fence: string | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch?.[1]) {
      const marker = fenceMatch[1];
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      current.lines.push(line);
      continue;
    }
    const heading = fence === null ? /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line) : null;
    if (!heading?.[1]) {
      current.lines.push(line);
      continue;
    }
    close();
    const text = inlineText(heading[2] ?? '');
    current = { heading: { depth: heading[1].length, text, id: slug(text) }, lines: [] };
  }
  close();
  return sections;
}

/** The ATX headings of a Markdown document with the ids the renderer gives them, in order (see `splitSections`). */
export function extractHeadings(markdown: string): PageHeading[] {
  return splitSections(markdown).flatMap((section) => (section.heading ? [section.heading] : []));
}

/** The visible text of one line of inline Markdown (links, emphasis and code marks removed). */
export function inlineText(markdown: string): string {
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
