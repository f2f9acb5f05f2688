/**
 * The store's knowledge as passages: every content page cut along its headings, and every
 * live product (docs/behaviour/lyra.md#answers).
 */
import { contentPageList, fillTokens, type ContentTokens } from '@store/content';
import { splitSections, type PageHeading } from '@store/content/headings';
import type { ProductFacts } from '#server/modules/catalog/catalog.service.ts';
import { markdownToText, wordCount } from './text';
import type { KnowledgePage, Passage } from './lyra.types';

/** A section longer than this is cut at paragraph ends into passages of about this size. */
const MAX_PASSAGE_WORDS = 300;

type Draft = Omit<Passage, 'id'>;

/** The passages of one content page: one per section (the text under one heading), long sections cut at paragraphs. */
export function pagePassages(page: KnowledgePage): Draft[] {
  const trail: PageHeading[] = [];
  const drafts: Draft[] = [];
  for (const section of splitSections(page.markdown)) {
    if (section.heading) {
      while (trail.length > 0 && trail.at(-1)!.depth >= section.heading.depth) trail.pop();
      trail.push(section.heading);
    }
    const text = markdownToText(section.body);
    if (text === '') continue;
    // A page's own title (its `# heading`) is the page: link to its top.
    const heading = section.heading && section.heading.depth > 1 ? section.heading : undefined;
    const title = heading ? `${page.title}: ${heading.text}` : page.title;
    const url = heading ? `${page.path}#${heading.id}` : page.path;
    const headings = trail.map((entry) => entry.text).join(' · ');
    for (const chunk of chunkParagraphs(text)) drafts.push({ title, url, headings, text: chunk });
  }
  return drafts;
}

/** The passages of one live product: its facts (price, deal, licence, release) and its description's sections. */
export function productPassages({ detail, licenceSeats }: ProductFacts): Draft[] {
  const url = `/products/${detail.path}`;
  const facts = [
    summarySentence(detail),
    priceSentence(detail),
    licenceSeats === null
      ? undefined
      : `One ${detail.display} licence activates on ${licenceSeats === 1 ? 'one computer' : `up to ${licenceSeats} computers`}.`,
    detail.latestVersion
      ? `The latest version of ${detail.display} is ${detail.latestVersion.version}, released ${detail.latestVersion.releasedAt.slice(0, 10)}.`
      : undefined,
    downloadsSentence(detail),
  ].filter((sentence): sentence is string => sentence !== undefined);
  const drafts: Draft[] = [{ title: detail.display, url, headings: detail.display, text: facts.join('\n'), productPath: detail.path }];
  for (const draft of pagePassages({ path: url, title: detail.display, markdown: detail.longDescription })) {
    // The product page shows the description without heading anchors of its own: link to the page.
    drafts.push({ ...draft, url, productPath: detail.path });
  }
  return drafts;
}

/** The summary, introduced by the product's name unless it already names it. */
function summarySentence(detail: ProductFacts['detail']): string {
  const summary = markdownToText(detail.description.summary);
  return summary.toLowerCase().includes(detail.display.toLowerCase()) ? summary : `${detail.display}: ${summary}`;
}

function priceSentence(detail: ProductFacts['detail']): string {
  // 'Sample Packs' → 'sample pack'.
  const kind = detail.attributes.category.toLowerCase().replace(/s$/, '');
  if (detail.totalValue === 0) return `${detail.display} is a free ${kind} (${detail.total}).`;
  if (detail.total === detail.price) return `${detail.display} costs ${detail.price}.`;
  const reason = 'reason' in detail.discount && detail.discount.reason ? ` (${detail.discount.reason})` : '';
  return `Deal: ${detail.display} costs ${detail.total} instead of ${detail.price}, ${String(detail.discountPercent).replace(/%$/, '')}% off${reason}.`;
}

function downloadsSentence(detail: ProductFacts['detail']): string | undefined {
  const files = detail.latestVersion?.files ?? [];
  if (files.length === 0) return undefined;
  const kinds = [...new Set(files.map((file) => (file.os === 'any' ? file.format : `${file.os} ${file.format}`)))];
  return `${detail.display} downloads: ${kinds.join(', ')}.`;
}

/** Numbers the drafts into passages. */
export function numberPassages(drafts: Draft[]): Passage[] {
  return drafts.map((draft, id) => ({ id, ...draft }));
}

/** Cuts text at paragraph (then line) ends into chunks of at most about MAX_PASSAGE_WORDS words. */
export function chunkParagraphs(text: string): string[] {
  if (wordCount(text) <= MAX_PASSAGE_WORDS) return [text];
  const chunks: string[] = [];
  let current: string[] = [];
  let words = 0;
  for (const line of text.split(/\n+/)) {
    const lineWords = wordCount(line);
    if (words > 0 && words + lineWords > MAX_PASSAGE_WORDS) {
      chunks.push(current.join('\n'));
      current = [];
      words = 0;
    }
    current.push(line);
    words += lineWords;
  }
  if (current.length > 0) chunks.push(current.join('\n'));
  return chunks;
}

/** The store's content pages (about, support, policies, installation, manuals) with their `{{TOKEN}}`s filled as the web app fills them. */
export async function loadContentPages(tokens: ContentTokens): Promise<KnowledgePage[]> {
  return Promise.all(contentPageList.map(async (page) => ({ path: page.path, title: page.title, markdown: fillTokens(await page.load(), tokens) })));
}
