import type { MediaItem, UpgradeOffer } from '@store/contracts';
import type { NormalizedProduct } from '@store/contracts/catalog/normalize';
import type { ReactNode } from 'react';

/** The product list views (docs/behaviour/catalogue.md#list-views; the router's `handle.productList`). */
export type { ProductListView } from '@store/contracts/paths';

/**
 * Renders the action of a product card or product page (the add-to-cart button). The cart
 * feature supplies it; without one, the first state of docs/behaviour/cart.md#product-card-button shows: a disabled 'Loading...'.
 * The returned node sits above the card's stretched link, so it stays clickable on its own.
 */
export type RenderProductAction = (product: NormalizedProduct, options?: ProductActionOptions) => ReactNode;

export interface ProductActionOptions {
  /** The product is the free trial offered on its paid product's page: taking it starts the trial's download. */
  trial?: boolean;
}

/**
 * Renders a product's MIDI previews (its `midi` media items, e.g. a sample pack's loops). The
 * visualiser feature supplies the player through the route; without one they are not shown.
 */
export type RenderMidiPreviews = (previews: MediaItem[], productName: string, onPlay: () => void) => ReactNode;

/**
 * Renders a product's upgrade prices for owners of older licence keys (the upgrades feature's
 * form, wired to the cart through the route); without one they are not offered.
 */
export type RenderUpgradeOffers = (product: NormalizedProduct, offers: UpgradeOffer[]) => ReactNode;
