import type { LyraCitation } from '@store/contracts/lyra';

/** `[n]` written as a marker: not already a link's text (`[1](…)`, `[1][x]`) or a reference definition (`[1]: …`). */
const MARKER = /(?<![\]\\])\[(\d{1,3})\](?![([:])/g;

/**
 * Turns the answer's `[n]` markers into Markdown links to citation n's URL, titled with the
 * citation's title; a number without a citation stays as written. The links then go through
 * the Markdown component's link rule like any other.
 */
export function linkCitations(markdown: string, citations: readonly LyraCitation[]): string {
  const byNumber = new Map(citations.map((citation) => [citation.n, citation]));
  return markdown.replace(MARKER, (marker, digits: string) => {
    const citation = byNumber.get(Number(digits));
    if (!citation) return marker;
    const title = citation.title.replace(/["\\]/g, '\\$&');
    return `[\\[${digits}\\]](<${citation.url.replace(/[<>\s]/g, encodeURIComponent)}> "${title}")`;
  });
}
