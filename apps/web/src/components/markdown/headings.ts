import type { Element, ElementContent, Root, RootContent } from 'hast';
import { createSlugger } from '@store/content/headings';

// One definition of heading ids for the web app and the server (see @store/content/headings).
export { createSlugger, extractHeadings, slugify, type PageHeading } from '@store/content/headings';

/**
 * A rehype plugin for react-markdown: gives every heading an `id` from its text, unique in the
 * document, so `#anchors` and the "On this page" list work.
 */
export function rehypeHeadingIds() {
  return (tree: Root) => {
    const slug = createSlugger();
    const visit = (node: Root | RootContent) => {
      if (node.type === 'element' && /^h[1-6]$/.test(node.tagName)) {
        node.properties = { ...node.properties, id: slug(textOf(node)) };
        return;
      }
      if ('children' in node) for (const child of node.children) visit(child);
    };
    visit(tree);
  };
}

function textOf(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}
