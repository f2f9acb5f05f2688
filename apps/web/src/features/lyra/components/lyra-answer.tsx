import type { LyraAnswer } from '@store/contracts/lyra';
import { useId } from 'react';
import { Markdown } from '#web/components/markdown/markdown.tsx';
import { MarkdownLink } from '#web/components/markdown/markdown-link.tsx';
import type { LyraRenderProps, OnSketchEvent } from '../types';
import { linkCitations } from '../utils/link-citations';
import { ProductSuggestion } from './product-suggestion';
import { SketchCard } from './sketch-card';

/**
 * One answer: the Markdown text with `[n]` linked to its sources, the numbered sources, the
 * products it names and its sketch. An answer Lyra is not sure of is drawn as a gentle
 * 'I don't know' (its text points to Support).
 */
export function LyraAnswerView({
  answer,
  renderProductAction,
  renderSketchPlayer,
  onSketchEvent,
}: { answer: LyraAnswer; onSketchEvent?: OnSketchEvent } & LyraRenderProps) {
  const sourcesId = useId();
  return (
    <div className={answer.answered ? '' : 'rounded-xl border border-dashed border-border bg-background/60 p-4'}>
      {!answer.answered && <p className="mb-2 text-sm font-semibold text-secondary">I’m not sure about this one</p>}
      <Markdown className="text-[0.9375rem] [&_h2]:mt-5 [&_h2]:text-lg [&_h3]:mt-4 [&_h3]:text-base [&_ol]:mt-3 [&_p]:mt-3 [&_ul]:mt-3">
        {linkCitations(answer.answer, answer.citations)}
      </Markdown>
      {answer.citations.length > 0 && (
        <div className="mt-4">
          <p id={sourcesId} className="text-xs font-semibold tracking-wide text-secondary uppercase">
            Sources
          </p>
          <ol aria-labelledby={sourcesId} className="mt-1.5 space-y-1 text-sm">
            {answer.citations.map((citation) => (
              <li key={citation.n} className="flex gap-2">
                <span className="text-secondary tabular-nums">[{citation.n}]</span>
                <MarkdownLink href={citation.url}>{citation.title}</MarkdownLink>
              </li>
            ))}
          </ol>
        </div>
      )}
      {/* The sketch is what was asked for; the products that fit it follow. */}
      {answer.sketch && <SketchCard sketch={answer.sketch} renderSketchPlayer={renderSketchPlayer} onSketchEvent={onSketchEvent} />}
      {answer.products.length > 0 && (
        <ul aria-label="Products in this answer" className="mt-4 space-y-2">
          {answer.products.map((product) => (
            <ProductSuggestion key={product.path} product={product} renderProductAction={renderProductAction} />
          ))}
        </ul>
      )}
    </div>
  );
}
