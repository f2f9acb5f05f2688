import { slugify } from '#web/components/markdown/headings.ts';
import type { QuickLink, QuickLinkAction, QuickLinkTarget } from '../utils/page-parts';
import { headingClasses, Markdown } from '#web/components/markdown/markdown.tsx';
import { MarkdownLink } from '#web/components/markdown/markdown-link.tsx';
import { isExternalWebUrl, safeMarkdownUrl } from '#web/components/markdown/safe-url.ts';

const actionClasses =
  'group/action inline-flex items-center gap-1.5 rounded-sm font-semibold text-primary underline decoration-primary/50 underline-offset-[0.2em] hover:decoration-2 hover:decoration-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:focus-visible:outline-accent dark:decoration-accent';

/** Turns an action as written in the Markdown into what it does on the page; the app layer supplies it (sign-up needs the identity feature). */
export type AdaptQuickLinkAction = (target: QuickLinkTarget) => QuickLinkAction;

const asWritten: AdaptQuickLinkAction = (target) => target;

export interface QuickLinksProps {
  heading: string;
  links: readonly QuickLink[];
  /** The section opens the text, so its heading needs no space above. */
  first?: boolean;
  adaptAction?: AdaptQuickLinkAction;
}

/** The support page's quick links as a grid of cards, each with its action at the bottom. */
export function QuickLinks({ heading, links, first = false, adaptAction = asWritten }: QuickLinksProps) {
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
                <ActionLink action={adaptAction(link.action)} />
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ActionLink({ action }: { action: QuickLinkAction }) {
  // A link to another site carries the new-tab icon instead of the arrow.
  const external = 'href' in action && isExternalWebUrl(safeMarkdownUrl(action.href) ?? '');
  const content = (
    <>
      {action.label}
      {!external && (
        <span aria-hidden="true" className="transition-transform group-hover/action:translate-x-0.5 motion-reduce:transition-none">
          →
        </span>
      )}
    </>
  );
  if ('onClick' in action) {
    return (
      <button type="button" onClick={action.onClick} className={`${actionClasses} cursor-pointer text-left`}>
        {content}
      </button>
    );
  }
  return (
    <MarkdownLink href={action.href} className={actionClasses}>
      {content}
    </MarkdownLink>
  );
}
