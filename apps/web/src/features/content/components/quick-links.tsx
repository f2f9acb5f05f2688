import { slugify } from '#web/components/markdown/headings.ts';
import type { QuickLink } from '../utils/page-parts';
import { headingClasses, Markdown } from '#web/components/markdown/markdown.tsx';
import { MarkdownLink } from '#web/components/markdown/markdown-link.tsx';

const actionClasses =
  'group/action inline-flex items-center gap-1.5 rounded-sm font-semibold text-primary underline decoration-primary/50 underline-offset-[0.2em] hover:decoration-2 hover:decoration-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:focus-visible:outline-accent dark:decoration-accent';

/**
 * The support page's quick links as a grid of cards, each with its action at the bottom.
 * `first`: the section opens the text, so its heading needs no space above.
 */
export function QuickLinks({ heading, links, first = false }: { heading: string; links: readonly QuickLink[]; first?: boolean }) {
  const id = slugify(heading);
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={`${headingClasses[2]} ${first ? 'mt-0!' : ''}`}>
        {heading}
      </h2>
      <ul role="list" className="mt-5 grid gap-4 sm:grid-cols-2">
        {links.map((link) => (
          <li
            key={link.title}
            className="flex flex-col rounded-xl border border-border/50 bg-tertiary p-5 dark:border-border sm:[&:last-child:nth-child(odd)]:col-span-2"
          >
            <h3 className="text-lg leading-snug font-semibold text-primary">{link.title}</h3>
            <Markdown className="mt-2 flex-1 text-secondary [&_p]:mt-2">{link.description}</Markdown>
            {link.action && (
              <p className="mt-4">
                <MarkdownLink href={link.action.href} className={actionClasses}>
                  {link.action.label}
                  <span aria-hidden="true" className="transition-transform group-hover/action:translate-x-0.5 motion-reduce:transition-none">
                    →
                  </span>
                </MarkdownLink>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
