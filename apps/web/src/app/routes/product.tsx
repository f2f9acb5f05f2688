import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ProductPage } from '#web/features/catalog/components/product-page.tsx';
import type { RenderMidiPreviews } from '#web/features/catalog/types.ts';
import { renderProductCartAction } from '../product-cart-action';

/** The piano-roll player with its MIDI parser: fetched only by pages that have previews. */
const MidiPreviews = lazy(() => import('#web/features/visualizer/components/midi-previews.tsx'));

const renderMidiPreviews: RenderMidiPreviews = (previews, productName) => (
  <Suspense fallback={<div className="h-[30rem] rounded-2xl border border-border" aria-hidden="true" />}>
    <MidiPreviews previews={previews} productName={productName} />
  </Suspense>
);

/** `/products/:productPath`: one product's page (its own lazy chunk, with the Markdown renderer). */
export function Component() {
  const { productPath = '' } = useParams();
  return <ProductPage key={productPath} productPath={productPath} renderAction={renderProductCartAction} renderMidiPreviews={renderMidiPreviews} />;
}
