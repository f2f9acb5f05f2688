/**
 * Splits a content page's Markdown into the parts the page layout draws on its own: the
 * "Last updated" line of the policies, the opening paragraph, and the support page's quick
 * links. Each function gives back the Markdown untouched when the part is not there, so an
 * edited page still renders, only more plainly.
 */

/** `Last updated: 2026-11-01` as the first line. */
export function splitLastUpdated(markdown: string): { lastUpdated: string | null; body: string } {
  const match = /^\s*Last updated:\s*(\d{4}-\d{2}-\d{2})[ \t]*(?:\r?\n|$)/.exec(markdown);
  if (!match?.[1]) return { lastUpdated: null, body: markdown };
  return { lastUpdated: match[1], body: markdown.slice(match[0].length) };
}

/** `2026-11-01` → `November 1, 2026`; an impossible date is returned as written. */
export function formatIsoDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return isoDate;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** The first block when it is a plain paragraph (not a heading, list, table, quote or code). */
export function splitLead(markdown: string): { lead: string | null; body: string } {
  const trimmed = markdown.replace(/^\s+/, '');
  const end = trimmed.search(/\r?\n[ \t]*\r?\n/);
  const first = end === -1 ? trimmed : trimmed.slice(0, end);
  if (first === '' || /^(?:#|[-*+][ \t]|\d+[.)][ \t]|\||>|```|~~~| {4})/.test(first)) return { lead: null, body: markdown };
  return { lead: first, body: end === -1 ? '' : trimmed.slice(end).replace(/^\s+/, '') };
}

export interface QuickLink {
  title: string;
  /** Markdown of the description, which may hold links of its own. */
  description: string;
  /** The link the item ends with (`…: [Create your account](/account).`), shown as the card's action. */
  action: QuickLinkTarget | null;
}

/** A quick link's action as the Markdown writes it. */
export interface QuickLinkTarget {
  label: string;
  href: string;
}

/** What a quick link's action does on the page: follow a link, or run something (start sign-up). */
export type QuickLinkAction = QuickLinkTarget | { label: string; onClick: () => void };

export interface QuickLinksSplit {
  before: string;
  heading: string;
  links: QuickLink[];
  after: string;
}

/**
 * Finds the `## {heading}` section whose body is one list of `- **Title.** text` items, as on
 * the support page, and reads its items. Returns null when the section is missing or holds
 * anything else.
 */
export function splitQuickLinks(markdown: string, heading = 'Quick links'): QuickLinksSplit | null {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start === -1) return null;
  let end = lines.findIndex((line, index) => index > start && /^#{1,2}[ \t]/.test(line));
  if (end === -1) end = lines.length;

  const items: string[] = [];
  for (const line of lines.slice(start + 1, end)) {
    if (line.trim() === '') continue;
    if (line.startsWith('- ')) items.push(line.slice(2).trim());
    else if (/^[ \t]+\S/.test(line) && items.length > 0) items[items.length - 1] += ` ${line.trim()}`;
    else return null;
  }
  const links: QuickLink[] = [];
  for (const item of items) {
    const match = /^\*\*(.+?)\*\*\s*(.+)$/.exec(item);
    if (!match?.[1] || !match[2]) return null;
    const title = match[1].replace(/[.:]\s*$/, '');
    const action = /^(.*\S)\s*:\s*\[([^\]]+)\]\(([^)\s]+)\)\.?$/.exec(match[2]);
    links.push(
      action?.[1] && action[2] && action[3]
        ? { title, description: `${action[1]}.`, action: { label: action[2], href: action[3] } }
        : { title, description: match[2], action: null },
    );
  }
  if (links.length === 0) return null;
  return {
    before: lines.slice(0, start).join('\n').trim(),
    heading,
    links,
    after: lines.slice(end).join('\n').trim(),
  };
}
