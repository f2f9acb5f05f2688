import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Container } from '#web/components/ui/container.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { extractHeadings } from '#web/components/markdown/headings.ts';
import { formatIsoDate, splitLastUpdated, splitLead, splitQuickLinks } from '../utils/page-parts';
import { Markdown } from '#web/components/markdown/markdown.tsx';
import { QuickLinks, type AdaptQuickLinkAction } from './quick-links';
import { TocDisclosure, TocSidebar } from './table-of-contents';

export type ContentArticleState = { status: 'loading' } | { status: 'error'; onRetry: () => void } | { status: 'ready'; markdown: string };

export interface ContentArticleProps {
  /** The content registry slug; the support page's quick links are drawn as cards. */
  slug: string;
  title: string;
  /** A long page: an "On this page" list of its sections. */
  contents?: boolean;
  /** A manual's installation guide: the page opens with a prominent pointer to it. */
  installationGuide?: string;
  state: ContentArticleState;
  /** What the quick links' actions do on the page (a link to the account starts sign-up for a signed-out shopper). */
  adaptQuickLinkAction?: AdaptQuickLinkAction;
}

/**
 * A content page: title, then the Markdown in a readable column, with an "On this page" list
 * for long pages (beside the text on large screens, folded above it on small ones).
 */
export function ContentArticle({ slug, title, contents = false, installationGuide, state, adaptQuickLinkAction }: ContentArticleProps) {
  const withContents = contents;
  const markdown = state.status === 'ready' ? state.markdown : null;
  const parts = useMemo(() => (markdown === null ? null : splitPage(slug, markdown)), [slug, markdown]);
  const headings = useMemo(() => (withContents && parts ? extractHeadings(parts.body).filter((heading) => heading.depth === 2) : []), [withContents, parts]);
  useScrollToHashWhenReady(parts !== null);

  return (
    <Container className="py-10 sm:py-14 lg:py-16">
      <div className={withContents ? 'lg:grid lg:grid-cols-[minmax(0,72ch)_15rem] lg:justify-center lg:gap-16 xl:gap-24' : ''}>
        <article className={`max-w-[72ch] min-w-0 ${withContents ? '' : 'mx-auto'}`}>
          <header>
            <h1 className="text-3xl leading-tight font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
            {parts?.lastUpdated && (
              <p className="mt-3 text-sm text-secondary">
                Last updated <time dateTime={parts.lastUpdated}>{formatIsoDate(parts.lastUpdated)}</time>
              </p>
            )}
          </header>

          {state.status === 'loading' && <ArticleSkeleton title={title} />}
          {state.status === 'error' && (
            <div className="mt-8 min-h-[40vh]">
              <Alert tone="error">
                <p>We couldn&apos;t load this page. Check your connection and try again.</p>
                <Button variant="secondary" size="sm" className="mt-4" onClick={state.onRetry}>
                  Try again
                </Button>
              </Alert>
            </div>
          )}

          {parts && (
            <>
              {parts.lead !== null &&
                (installationGuide ? (
                  <aside
                    aria-label="Installation"
                    className="mt-8 flex flex-col gap-4 rounded-xl border border-border border-l-4 border-l-accent bg-tertiary p-5 sm:flex-row sm:items-center sm:justify-between sm:gap-6"
                  >
                    <Markdown className="text-primary">{parts.lead}</Markdown>
                    <ButtonLink to={installationGuide} size="sm" className="shrink-0 self-start sm:self-center">
                      Installation guide
                    </ButtonLink>
                  </aside>
                ) : (
                  <Markdown className="mt-5 text-lg text-secondary sm:text-xl">{parts.lead}</Markdown>
                ))}

              {withContents && headings.length > 1 && <TocDisclosure headings={headings} className="mt-8 lg:hidden" />}

              <div className={`mt-8 border-border/60 pt-8 dark:border-border ${withContents ? 'lg:border-t' : 'border-t'}`}>
                {parts.quickLinks ? (
                  <>
                    {parts.quickLinks.before !== '' && <Markdown>{parts.quickLinks.before}</Markdown>}
                    <QuickLinks
                      heading={parts.quickLinks.heading}
                      links={parts.quickLinks.links}
                      first={parts.quickLinks.before === ''}
                      adaptAction={adaptQuickLinkAction}
                    />
                    {parts.quickLinks.after !== '' && <Markdown className="mt-14">{parts.quickLinks.after}</Markdown>}
                  </>
                ) : (
                  <Markdown>{parts.body}</Markdown>
                )}
              </div>
            </>
          )}
        </article>

        {withContents && headings.length > 1 && (
          <aside className="hidden lg:block">
            <TocSidebar headings={headings} />
          </aside>
        )}
      </div>
    </Container>
  );
}

interface PageParts {
  lastUpdated: string | null;
  lead: string | null;
  body: string;
  quickLinks: ReturnType<typeof splitQuickLinks>;
}

function splitPage(slug: string, markdown: string): PageParts {
  const { lastUpdated, body: afterDate } = splitLastUpdated(markdown);
  const { lead, body } = splitLead(afterDate);
  return { lastUpdated, lead, body, quickLinks: slug === 'support' ? splitQuickLinks(body) : null };
}

function ArticleSkeleton({ title }: { title: string }) {
  const blocks = [
    ['w-full', 'w-full', 'w-11/12', 'w-3/5'],
    ['w-full', 'w-10/12', 'w-full', 'w-2/3'],
    ['w-full', 'w-full', 'w-4/5'],
  ];
  return (
    <div className="mt-8 min-h-[60vh]">
      <p role="status" className="sr-only">
        Loading {title}…
      </p>
      <Skeleton className="h-6 w-full max-w-[60ch]" />
      <Skeleton className="mt-3 h-6 w-2/3" />
      <div className="mt-8 space-y-12 border-t border-border pt-8">
        {blocks.map((lines, block) => (
          <div key={block}>
            <Skeleton className="h-7 w-2/5" />
            <div className="mt-5 space-y-3">
              {lines.map((width, line) => (
                <Skeleton key={line} className={`h-4 ${width}`} />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * A link to `/support#licensing` arrives before the text does: once the page is drawn, bring
 * the section into view (the browser's own jump found nothing to jump to).
 */
function useScrollToHashWhenReady(ready: boolean) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    if (hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    document.getElementById(id)?.scrollIntoView();
  }, [ready, hash]);
}
