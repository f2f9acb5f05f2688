import { contentPages, fillTokens, type ContentPage, type ContentSlug, type ContentTokens } from '@store/content';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useMatches } from 'react-router';
import { Container } from '#web/components/ui/container.tsx';
import { ContentArticle } from '#web/features/content/components/content-article.tsx';
import { storeConfig } from '#web/lib/store-config.ts';
import type { ContentHandle } from '../router';

/** The values of the pages' `{{TOKEN}}` placeholders, from the store's configuration. */
const tokens: ContentTokens = {
  // The store name is plain text inside Markdown: escape what Markdown would read as syntax.
  STORE_NAME: storeConfig.storeName.replace(/[\\`*_{}[\]()<>#+\-.!|~]/g, '\\$&'),
  CONTACT_EMAIL: storeConfig.contactEmail,
  SUPPORT_EMAIL: storeConfig.supportEmail,
  PRIVACY_EMAIL: storeConfig.privacyEmail,
};

function isContentHandle(handle: unknown): handle is ContentHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as Partial<ContentHandle>).contentSlug === 'string';
}

function findPage(slug: string | undefined): ContentPage | undefined {
  return slug !== undefined && Object.prototype.hasOwnProperty.call(contentPages, slug) ? contentPages[slug as ContentSlug] : undefined;
}

/** The about, support, policy, installation and manual pages (`handle.contentSlug` of the route). */
export function Component() {
  const matches = useMatches();
  const slug = matches.map((match) => match.handle).findLast(isContentHandle)?.contentSlug;
  const page = findPage(slug);
  if (!page) {
    // Only a route wired to an unknown slug gets here.
    return (
      <Container className="py-20 text-center">
        <title>Page not found</title>
        <h1 className="text-3xl font-bold">Page not found</h1>
        <p className="mt-4 text-secondary">We could not find the page you were looking for.</p>
      </Container>
    );
  }
  return <ContentPageScreen key={page.slug} page={page} />;
}

function ContentPageScreen({ page }: { page: ContentPage }) {
  const query = useQuery({ queryKey: ['content', page.slug], queryFn: page.load, staleTime: Infinity });
  const markdown = useMemo(() => (query.data === undefined ? undefined : fillTokens(query.data, tokens)), [query.data]);
  const { refetch } = query;

  return (
    <>
      <title>{`${page.title} — ${storeConfig.storeName}`}</title>
      <meta name="description" content={page.description} />
      <ContentArticle
        slug={page.slug}
        title={page.title}
        state={
          markdown !== undefined
            ? { status: 'ready', markdown }
            : query.isError && !query.isFetching
              ? { status: 'error', onRetry: () => void refetch() }
              : { status: 'loading' }
        }
      />
    </>
  );
}
