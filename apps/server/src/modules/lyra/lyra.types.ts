import type { LyraSketch } from '@store/contracts/lyra';

/** Makes a Song Seed from a wish; null when the text is not a wish for music. Built by the song-seed part of this module. */
export interface Sketcher {
  sketchForWish(text: string, options?: { remix?: { key?: string; bpm?: number; path: string } }): LyraSketch | null;
}

/** A piece of the store's knowledge Lyra can quote and cite. */
export interface Passage {
  /** Unique in one index. */
  id: number;
  /** What the citation shows: the page (or product) and the section. */
  title: string;
  /** Where the citation links: a path with the section's heading anchor, or a product page. */
  url: string;
  /** The section's heading and its parents', for ranking. */
  headings: string;
  /** Plain text, no Markdown. */
  text: string;
  /** Set when the passage describes a product. */
  productPath?: string;
}

/** A content page as the knowledge index reads it, its `{{TOKEN}}`s already filled. */
export interface KnowledgePage {
  path: string;
  title: string;
  markdown: string;
}
