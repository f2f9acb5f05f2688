import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * HTML the server rendered from the catalogue's Markdown: raw HTML escaped and links limited
 * to the allowed schemes there (apps/server/src/lib/markdown.ts), so product pages need no
 * Markdown parser. Clicks on store links navigate inside the app instead of reloading.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const followStoreLinks = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!anchor || !href || !plainClick || anchor.target) return;
    if (href.startsWith('/') && !href.startsWith('//')) {
      event.preventDefault();
      void navigate(href);
    }
  };
  return <div className={`rich-text ${className}`} onClick={followStoreLinks} dangerouslySetInnerHTML={{ __html: html }} />;
}
