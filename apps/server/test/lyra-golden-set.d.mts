export interface GoldenQuestion {
  question: string;
  /** Acceptable first citations: an exact URL with `#anchor`, or a bare path matching any anchor of that page. */
  cite: string[];
}

export const GOLDEN_QUESTIONS: GoldenQuestion[];
export const OUT_OF_SCOPE_QUESTIONS: string[];
/** True when `url` is one of the acceptable citations (a bare path accepts any anchor of that page). */
export function citesAcceptably(url: string | undefined, acceptable: string[]): boolean;
