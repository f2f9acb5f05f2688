import type { MediaItem } from '@store/contracts';
import type { NormalizedProduct } from '@store/contracts/catalog/normalize';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { CanonicalLink } from '#web/components/canonical-link.tsx';
import { StructuredData } from '#web/components/structured-data.tsx';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Container } from '#web/components/ui/container.tsx';
import { LockIcon } from '#web/components/ui/lock-icon.tsx';
import { formatMoney } from '@store/contracts/money';
import { ANALYTICS_PRODUCT_PROP } from '@store/contracts/analytics-props';
import { track } from '#web/lib/analytics.ts';
import { findCategoryByName, useCategories } from '#web/lib/categories.ts';
import { storeConfig } from '#web/lib/store-config.ts';
import { useProduct, type ProductDetails } from '../api/get-product';
import { useProducts } from '../api/get-products';
import type { RenderMidiPreviews, RenderProductAction, RenderUpgradeOffers } from '../types';
import { formatReleaseDate } from '../utils/format';
import { htmlToPlainText, truncateText } from '../utils/plain-text';
import { categoryListView, PRODUCT_LIST_VIEWS } from '../utils/product-list-views';
import { breadcrumbJsonLd, productJsonLd } from '../utils/structured-data';
import { KeyFacts, hasKeyFacts } from './key-facts';
import { LoadError } from './load-error';
import { RichText } from './rich-text';
import { MediaCarousel } from './media-carousel';
import { Bone, PendingProductAction } from './product-card';
import { ProductPrice } from './product-price';
import { RelatedProducts } from './related-products';
import { paths } from '@store/contracts/paths';

export interface ProductPageProps {
  /** The path in the URL (`/products/{productPath}`); a free trial's address shows its paid product (`trialOf`). */
  productPath: string;
  /** The buy button (from the cart feature); default: a disabled 'Loading...' button. */
  renderAction?: RenderProductAction;
  /** The player of the product's MIDI previews (from the visualiser feature); without one they are not listed. */
  renderMidiPreviews?: RenderMidiPreviews;
  /** The upgrade form for owners of older licence keys (from the upgrades feature); shown when the product has upgrade prices. */
  renderUpgradeOffers?: RenderUpgradeOffers;
}

/** A product page (docs/behaviour/catalogue.md#product-pages) with its loading, not-found and error states. */
export function ProductPage(props: ProductPageProps) {
  return <LoadedProduct {...props} loadPath={props.productPath} />;
}

/** Loads `loadPath` and shows it at the address `productPath`. */
function LoadedProduct({ loadPath, ...props }: ProductPageProps & { loadPath: string }) {
  const { productPath } = props;
  const { data, error, isPending, isError, refetch } = useProduct(loadPath);

  if (isPending) return <ProductPageSkeleton />;
  if (isError) {
    return (
      <Container className="py-12">
        <title>{`Couldn't load this product — ${storeConfig.storeName}`}</title>
        <h1 className="sr-only">Product unavailable</h1>
        <LoadError title="We couldn't load this product." error={error} onRetry={() => void refetch()} />
        <Link to={paths.productLists.all.getHref()} className={`${CRUMB_LINK} mt-4 font-semibold text-primary underline decoration-accent decoration-2`}>
          Browse all products
        </Link>
      </Container>
    );
  }
  if (data.status === 'not-found') return <ProductNotFound />;
  const { trialOf } = data.product;
  // A trial's address shows its paid product's page, with the trial offered on it.
  if (trialOf && loadPath === productPath && trialOf !== productPath) {
    return <LoadedProduct {...props} loadPath={trialOf} />;
  }
  return <ProductDetailsView {...props} product={data.product} />;
}

export function ProductNotFound() {
  return (
    <Container className="py-20 text-center">
      <title>Product not found</title>
      <h1 className="text-3xl font-bold tracking-tight">We couldn't find that product.</h1>
      <p className="mx-auto mt-4 max-w-xl text-secondary">
        The link may be mistyped, or the product is no longer available. Everything we sell is in the catalogue.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.productLists.all.getHref()} className={buttonClasses('primary')}>
          Browse all products
        </Link>
        <Link to={paths.home.getHref()} className={buttonClasses('secondary')}>
          Back to the home page
        </Link>
      </div>
    </Container>
  );
}

function ProductDetailsView({ product, productPath, renderAction, renderMidiPreviews, renderUpgradeOffers }: ProductPageProps & { product: ProductDetails }) {
  const { data: products } = useProducts();
  const { data: categories } = useCategories();
  const summary = htmlToPlainText(product.description.summary);
  const found = findCategoryByName(categories, product.attributes.category);
  const category = found && categoryListView(found);
  const trialPath = product.trial?.path;
  const trial = trialPath && trialPath !== product.path ? products?.find((candidate) => candidate.path === trialPath) : undefined;
  const onTrialUrl = trial !== undefined && productPath === trial.path;
  const media: MediaItem[] =
    product.media.length > 0 ? product.media : product.image ? [{ kind: 'image', src: product.image, title: product.display, width: 800, height: 800 }] : [];
  const version = product.latestVersion;
  const releaseDate = version ? formatReleaseDate(version.releasedAt) : '';
  const showFacts = hasKeyFacts(product.keyFacts, version);
  const midiPreviews = product.media.filter((item) => item.kind === 'midi');
  useEffect(() => track('product_view', { [ANALYTICS_PRODUCT_PROP]: product.path }), [product.path]);
  const onPreviewPlayed = () => track('preview_played', { [ANALYTICS_PRODUCT_PROP]: product.path });

  return (
    <Container className="py-8 sm:py-12">
      <title>{`${product.display} — ${storeConfig.storeName}`}</title>
      <meta name="description" content={truncateText(summary)} />
      {/* A trial's address shows its paid product: that product's address is the page search engines keep. */}
      <CanonicalLink path={paths.product.getHref(product.path)} />
      <ProductStructuredData product={product} category={category} />

      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-x-2 text-sm text-secondary">
          <li>
            <Link to={paths.productLists.all.getHref()} className={CRUMB_LINK}>
              Products
            </Link>
          </li>
          {category && (
            <li className="flex items-center gap-x-2">
              <Separator />
              <Link to={category.path} className={CRUMB_LINK}>
                {category.title}
              </Link>
            </li>
          )}
          {/* On phones the product's name is the heading right below; a wrapped crumb only adds noise. */}
          <li className="hidden min-h-11 items-center gap-x-2 sm:flex">
            <Separator />
            <span aria-current="page" className="font-medium text-primary">
              {product.display}
            </span>
          </li>
        </ol>
      </nav>

      <div className="mt-4 grid items-start gap-8 lg:mt-6 lg:grid-cols-2 lg:gap-12">
        {media.length > 0 ? <MediaCarousel items={media} label={product.display} onAudioPlay={onPreviewPlayed} /> : <div />}

        <div className="lg:pt-2">
          {category && <p className="text-sm font-semibold tracking-wide text-secondary uppercase">{category.title}</p>}
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{product.display}</h1>
          {summary && <p className="mt-4 leading-7 text-secondary sm:text-lg sm:leading-8">{summary}</p>}

          {onTrialUrl && <TrialPanel trial={trial} renderAction={renderAction} highlighted />}

          <div className="mt-8 border-t border-border pt-6">
            <ProductPrice product={product} size="lg" />
            <div className="mt-5 sm:max-w-xs">{renderAction ? renderAction(product) : <PendingProductAction />}</div>
            <p className="mt-4 flex items-center gap-2 text-sm text-secondary">
              <LockIcon className="size-4 shrink-0" />
              Secure checkout. Your download link arrives by email.
            </p>
            {renderUpgradeOffers && product.upgradeOffers.length > 0 && renderUpgradeOffers(product, product.upgradeOffers)}
          </div>

          {trial && !onTrialUrl && <TrialPanel trial={trial} renderAction={renderAction} />}
        </div>
      </div>

      {renderMidiPreviews && midiPreviews.length > 0 && <div className="mt-14">{renderMidiPreviews(midiPreviews, product.display, onPreviewPlayed)}</div>}

      <div className={`mt-14 grid items-start gap-10 ${showFacts ? 'lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-14' : ''}`}>
        {showFacts && (
          <aside className="lg:sticky lg:top-24 lg:order-last">
            <KeyFacts facts={product.keyFacts} version={version} />
          </aside>
        )}
        <div className="min-w-0 max-w-3xl">
          {product.descriptionHtml && <RichText html={product.descriptionHtml} />}
          {version?.changelogHtml && (
            <section aria-labelledby="release-notes-heading" className="mt-12 rounded-xl border border-border p-6">
              <h2 id="release-notes-heading" className="text-2xl font-bold tracking-tight">
                Release notes
              </h2>
              <p className="mt-1 text-sm text-secondary">
                Version {version.version}
                {releaseDate && (
                  <>
                    {' · '}
                    <time dateTime={version.releasedAt}>{releaseDate}</time>
                  </>
                )}
              </p>
              <div className="mt-4">
                <RichText html={version.changelogHtml} />
              </div>
            </section>
          )}
        </div>
      </div>

      <RelatedProducts paths={product.related} exclude={[product.path, productPath, ...(trial ? [trial.path] : [])]} renderAction={renderAction} />
    </Container>
  );
}

function ProductStructuredData({ product, category }: { product: ProductDetails; category: { title: string; path: string } | undefined }) {
  const site = { publicUrl: storeConfig.publicUrl, storeName: storeConfig.storeName, currency: storeConfig.currency };
  const pagePath = paths.product.getHref(product.path);
  const list = category ?? PRODUCT_LIST_VIEWS.all;
  const crumbs = [
    { name: 'Home', path: paths.home.getHref() },
    { name: list.title, path: list.path },
    { name: product.display, path: pagePath },
  ];
  return (
    <>
      <StructuredData data={productJsonLd(product, pagePath, site)} />
      <StructuredData data={breadcrumbJsonLd(crumbs, site.publicUrl)} />
    </>
  );
}

const CRUMB_LINK =
  'inline-flex min-h-11 items-center underline-offset-4 hover:text-primary hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

function Separator() {
  return (
    <span aria-hidden="true" className="text-border">
      /
    </span>
  );
}

/** The free trial offered on its paid product's page: its summary and its own action. */
function TrialPanel({ trial, renderAction, highlighted = false }: { trial: NormalizedProduct; renderAction?: RenderProductAction; highlighted?: boolean }) {
  const summary = htmlToPlainText(trial.description.summary);
  return (
    <section
      aria-labelledby="trial-heading"
      className={`mt-8 rounded-xl border p-5 ${highlighted ? 'border-accent bg-accent/10' : 'border-border bg-tertiary'}`}
    >
      <h2 id="trial-heading" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-lg font-semibold">
        {trial.display}
        <span className="rounded-full bg-accent px-2.5 py-0.5 text-sm font-bold text-black">Free</span>
      </h2>
      {summary && <p className="mt-2 text-secondary">{summary}</p>}
      <p className="mt-2 text-sm text-secondary">Add the trial to your cart and check out at {formatMoney(0, storeConfig.currency)} to get the download.</p>
      <div className="mt-4 sm:max-w-xs">{renderAction ? renderAction(trial, { trial: true }) : <PendingProductAction />}</div>
    </section>
  );
}

export function ProductPageSkeleton() {
  return (
    <Container className="py-8 sm:py-12">
      <div role="status">
        <span className="sr-only">Loading product…</span>
        <div aria-hidden="true">
          <Bone className="h-4 w-48" />
          <div className="mt-8 grid items-start gap-8 lg:mt-10 lg:grid-cols-2 lg:gap-12">
            <div className="aspect-square w-full animate-pulse rounded-xl border border-border bg-tertiary motion-reduce:animate-none" />
            <div className="lg:pt-2">
              <Bone className="h-4 w-24" />
              <Bone className="mt-4 h-10 w-3/4" />
              <Bone className="mt-6 h-5 w-full" />
              <Bone className="mt-3 h-5 w-5/6" />
              <Bone className="mt-10 h-9 w-32" />
              <Bone className="mt-5 h-11 w-full sm:max-w-xs" />
            </div>
          </div>
        </div>
      </div>
    </Container>
  );
}
