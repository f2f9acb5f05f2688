import { contentPages, fillTokens, type ContentPage, type ContentSlug, type ContentTokens } from '@store/content';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useMatches, useOutletContext } from 'react-router';
import { CanonicalLink } from '#web/components/canonical-link.tsx';
import { Container } from '#web/components/ui/container.tsx';
import { ContentArticle } from '#web/features/content/components/content-article.tsx';
import type { AdaptQuickLinkAction } from '#web/features/content/components/quick-links.tsx';
import type { HeaderAccount } from '#web/features/layout/types.ts';
import { storeConfig } from '#web/lib/store-config.ts';
import type { ContentHandle } from '../router';
import type { RootOutletContext } from './root-layout';
import { paths } from '@store/contracts/paths';

/** The values of the pages' `{{TOKEN}}` placeholders, from the store's configuration. */
const tokens: ContentTokens = {
  // The store name is plain text inside Markdown: escape what Markdown would read as syntax.
  STORE_NAME: storeConfig.storeName.replace(/[\\`*_{}[\]()<>#+\-.!|~]/g, '\\$&'),
  CONTACT_EMAIL: storeConfig.contactEmail,
  SUPPORT_EMAIL: storeConfig.supportEmail,
  PRIVACY_EMAIL: storeConfig.privacyEmail,
  // A link target: what would end the Markdown link early is percent-encoded.
  VIDEO_CHANNEL_URL: storeConfig.social.video.replace(/[()\s<>]/g, (character) => encodeURIComponent(character)),
};

/**
 * A quick link to the account cannot be opened by a signed-out shopper (the account sends them
 * home): for them it starts sign-up instead; a signed-in shopper is offered their account
 * (docs/behaviour/support.md#support-page).
 */
function accountLinkAction(account: HeaderAccount): AdaptQuickLinkAction {
  return (target) => {
    if (target.href !== paths.account.getHref()) return target;
    if (account.status === 'unauthenticated') return { label: target.label, onClick: account.onSignup };
    if (account.status === 'authenticated') return { label: 'Go to your account', href: target.href };
    return target;
  };
}

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
  const { account } = useOutletContext<RootOutletContext>();
  const adaptQuickLinkAction = useMemo(() => accountLinkAction(account), [account]);
  const query = useQuery({ queryKey: ['content', page.slug], queryFn: page.load, staleTime: Infinity });
  const markdown = useMemo(() => (query.data === undefined ? undefined : fillTokens(query.data, tokens)), [query.data]);
  const { refetch } = query;

  return (
    <>
      <title>{`${page.title} — ${storeConfig.storeName}`}</title>
      <meta name="description" content={page.description} />
      <CanonicalLink path={page.path} />
      <ContentArticle
        slug={page.slug}
        title={page.title}
        contents={page.contents}
        installationGuide={page.installationGuide}
        adaptQuickLinkAction={adaptQuickLinkAction}
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
