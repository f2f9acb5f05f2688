import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isExternalWebUrl, isInternalPath, safeMarkdownUrl } from './safe-url';

/** Body-text links: underlined, in the text colour, with the brand green underline in the dark theme. */
export const linkClasses =
  'rounded-sm text-primary underline decoration-primary/50 decoration-1 underline-offset-[0.2em] transition-colors hover:decoration-2 hover:decoration-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:focus-visible:outline-accent dark:decoration-accent dark:hover:decoration-accent';

export interface MarkdownLinkProps {
  /** The link target as written in the Markdown; checked again with `safeMarkdownUrl`. */
  href: string | undefined;
  title?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A link from content: store paths use the router, other sites open in a new tab without
 * access to this page, and a URL the link rule refuses shows its text only.
 */
export function MarkdownLink({ href, title, className = linkClasses, children }: MarkdownLinkProps) {
  const url = href === undefined ? null : safeMarkdownUrl(href);
  if (url === null) return <>{children}</>;
  if (isInternalPath(url)) {
    return (
      <Link to={url} title={title} className={className}>
        {children}
      </Link>
    );
  }
  if (isExternalWebUrl(url)) {
    return (
      <a href={url} title={title} className={className} target="_blank" rel="noopener noreferrer">
        {children} <span className="sr-only">(opens in a new tab)</span>
        <svg aria-hidden="true" viewBox="0 0 12 12" className="inline size-[0.7em] align-baseline" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M4.5 2.5h5v5M9.5 2.5 3 9" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </a>
    );
  }
  return (
    <a href={url} title={title} className={className}>
      {children}
    </a>
  );
}
