import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ProductListPage } from '#web/features/catalog/components/product-list-page.tsx';
import { ProductPage, ProductPageSkeleton } from '#web/features/catalog/components/product-page.tsx';
import type { RenderMidiPreviews } from '#web/features/catalog/types.ts';
import { categoryListView } from '#web/features/catalog/utils/product-list-views.ts';
import { findCategoryBySlug, useCategories } from '#web/lib/categories.ts';
import { renderProductCartAction } from '../product-cart-action';
import { renderProductUpgradeOffers } from '../product-upgrade-offers';

/** The piano-roll player with its MIDI parser: fetched only by pages that have previews. */
const MidiPreviews = lazy(() => import('#web/features/visualizer/components/midi-previews.tsx'));

const renderMidiPreviews: RenderMidiPreviews = (previews, productName, onPlay) => (
  <Suspense fallback={<div className="h-[30rem] rounded-2xl border border-border" aria-hidden="true" />}>
    <MidiPreviews previews={previews} productName={productName} onPlay={onPlay} />
  </Suspense>
);

/**
 * `/products/:productPath`: a category's list when a category has that slug, otherwise one
 * product's page (its own lazy chunk, with the Markdown renderer). The categories are preloaded
 * with the page; should they fail to load, the address is read as a product.
 */
export function Component() {
  const { productPath = '' } = useParams();
  const { data: categories, isPending } = useCategories();
  if (isPending) return <ProductPageSkeleton />;
  const category = findCategoryBySlug(categories, productPath);
  if (category) return <ProductListPage key={productPath} view={categoryListView(category)} renderAction={renderProductCartAction} />;
  return (
    <ProductPage
      key={productPath}
      productPath={productPath}
      renderAction={renderProductCartAction}
      renderMidiPreviews={renderMidiPreviews}
      renderUpgradeOffers={renderProductUpgradeOffers}
    />
  );
}
