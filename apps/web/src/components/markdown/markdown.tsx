import type { ElementContent } from 'hast';
import type { ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { rehypeHeadingIds } from './headings';
import { safeMarkdownUrl } from './safe-url';
import { MarkdownLink } from './markdown-link';
import { ScrollArea } from './scroll-area';

/**
 * Heading styles of content, shared with the parts of a page drawn outside the Markdown (the
 * support page's quick links) so every section heading looks the same.
 */
export const headingClasses = {
  2: 'mt-14 scroll-mt-24 text-2xl font-bold leading-tight tracking-tight text-primary sm:text-[1.75rem]',
  3: 'mt-10 scroll-mt-24 text-xl font-semibold leading-snug text-primary',
  4: 'mt-8 scroll-mt-24 text-lg font-semibold leading-snug text-primary',
  5: 'mt-6 scroll-mt-24 text-base font-semibold text-primary',
} as const;

/** Less space between a heading and what follows it than between two paragraphs. */
const afterHeading = '[&+*]:mt-3';

type Props<Tag extends keyof React.JSX.IntrinsicElements> = ComponentPropsWithoutRef<Tag> & ExtraProps;

type HeadingTag = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
const HEADING_TAGS: HeadingTag[] = ['h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * Renderers for h1–h6 where the top level of the text becomes `<h{top}>`: the page title is
 * the only h1, and text nested under a section heading (release notes) starts one lower.
 */
function headingComponents(top: 2 | 3): Components {
  const renderers: Components = {};
  (['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).forEach((source, index) => {
    const level = Math.min(Math.max(index + 1, 2) + (top - 2), 6);
    const Tag = HEADING_TAGS[level - 2]!;
    const style = headingClasses[Math.min(level, 5) as keyof typeof headingClasses];
    renderers[source] = ({ node: _node, className, ...props }: Props<'h2'>) => <Tag className={`${style} ${afterHeading} ${className ?? ''}`} {...props} />;
  });
  return renderers;
}

// Every renderer drops react-markdown's `node` prop so it never reaches the DOM.
const components: Components = {
  ...headingComponents(2),
  p: ({ node: _node, ...props }: Props<'p'>) => <p className="mt-5" {...props} />,
  a: ({ node: _node, href, title, children }: Props<'a'>) => (
    <MarkdownLink href={href} title={title}>
      {children}
    </MarkdownLink>
  ),
  strong: ({ node: _node, ...props }: Props<'strong'>) => <strong className="font-semibold text-primary" {...props} />,
  del: ({ node: _node, ...props }: Props<'del'>) => <del className="text-secondary" {...props} />,
  ul: ({ node: _node, className, ...props }: Props<'ul'>) => (
    <ul
      className={`mt-5 space-y-2 marker:text-secondary ${className === 'contains-task-list' ? 'list-none pl-1' : 'list-disc pl-5 sm:pl-6 [&_ul]:list-[circle]'}`}
      {...props}
    />
  ),
  ol: ({ node: _node, className: _className, ...props }: Props<'ol'>) => (
    <ol className="mt-5 list-decimal space-y-2 pl-5 marker:font-semibold marker:text-secondary sm:pl-6" {...props} />
  ),
  li: ({ node: _node, className, ...props }: Props<'li'>) => (
    <li className={`pl-1.5 [&>ol]:mt-2 [&>p]:mt-3 [&>p:first-child]:mt-0 [&>ul]:mt-2 ${className ?? ''}`} {...props} />
  ),
  blockquote: ({ node: _node, ...props }: Props<'blockquote'>) => (
    <blockquote className="mt-6 border-l-4 border-border py-1 pl-5 text-secondary dark:border-accent [&>:first-child]:mt-0" {...props} />
  ),
  code: ({ node: _node, className, ...props }: Props<'code'>) => (
    <code
      className={`rounded-md border border-border/50 bg-tertiary px-1.5 py-0.5 font-mono text-[0.875em] break-words text-primary ${className ?? ''}`}
      {...props}
    />
  ),
  pre: ({ node: _node, ...props }: Props<'pre'>) => (
    <ScrollArea label="Code example" className="mt-6 rounded-lg border border-border bg-tertiary">
      <pre
        className="w-max min-w-full p-4 font-mono text-sm leading-relaxed [&>code]:border-0 [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-[1em] [&>code]:break-normal"
        {...props}
      />
    </ScrollArea>
  ),
  table: ({ node, ...props }: Props<'table'>) => (
    // Full width on phones (the page padding is worth a column); a named region when it scrolls.
    <ScrollArea label={tableLabel(node)} className="-mx-4 mt-7 border-y border-border sm:mx-0 sm:rounded-lg sm:border-x">
      <table className="w-full border-collapse text-left text-sm leading-normal sm:text-[0.9375rem]" {...props} />
    </ScrollArea>
  ),
  thead: ({ node: _node, ...props }: Props<'thead'>) => <thead className="bg-tertiary" {...props} />,
  th: ({ node: _node, ...props }: Props<'th'>) => (
    <th className="min-w-[8rem] border-b border-l border-border px-3 py-2.5 align-bottom font-semibold first:border-l-0 first:pl-4 sm:px-4" {...props} />
  ),
  td: ({ node: _node, ...props }: Props<'td'>) => (
    <td className="border-t border-l border-border px-3 py-2.5 align-top first:border-l-0 first:pl-4 sm:px-4" {...props} />
  ),
  hr: ({ node: _node, ...props }: Props<'hr'>) => <hr className="my-12 border-0 border-t border-border" {...props} />,
  img: ({ node: _node, src, alt, title }: Props<'img'>) =>
    typeof src === 'string' ? (
      <img src={src} alt={alt ?? ''} title={title} loading="lazy" decoding="async" className="mt-6 h-auto max-w-full rounded-lg" />
    ) : null,
};

/** `Table: Parameter, Range, Default`, so two tables on a page are told apart. */
function tableLabel(node: ExtraProps['node']): string {
  const headers: string[] = [];
  const visit = (child: ElementContent) => {
    if (child.type === 'element' && child.tagName === 'th') headers.push(textContent(child).trim());
    else if (child.type === 'element' && child.tagName !== 'tbody') child.children.forEach(visit);
  };
  node?.children.forEach(visit);
  return headers.length > 0 ? `Table: ${headers.join(', ')}` : 'Table';
}

function textContent(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(textContent).join('') : '';
}

const nestedComponents: Components = { ...components, ...headingComponents(3) };

const remarkPlugins = [remarkGfm];
const rehypePlugins = [rehypeHeadingIds];
const urlTransform = (url: string) => safeMarkdownUrl(url);

/**
 * Renders trusted-but-checked Markdown (the store's content pages) with the store's
 * typography: GitHub-flavoured Markdown (tables, strikethrough, autolinks), no raw HTML, and
 * only the link schemes of the link rule (`safeMarkdownUrl`). Headings get ids from their
 * text (`## Refund window` → `#refund-window`); store links use the router, links to other
 * sites open in a new tab.
 *
 * Import it only from lazily loaded route modules: it brings the Markdown parser with it.
 */
export function Markdown({ children, className = '', minHeading = 2 }: { children: string; className?: string; minHeading?: 2 | 3 }) {
  return (
    <div className={`leading-[1.7] break-words [&>:first-child]:mt-0 ${className}`}>
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        skipHtml
        urlTransform={urlTransform}
        components={minHeading === 3 ? nestedComponents : components}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
