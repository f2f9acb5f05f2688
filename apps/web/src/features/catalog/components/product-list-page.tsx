import { CanonicalLink } from '#web/components/canonical-link.tsx';
import { StructuredData } from '#web/components/structured-data.tsx';
import { Container } from '#web/components/ui/container.tsx';
import { paths } from '@store/contracts/paths';
import { storeConfig } from '#web/lib/store-config.ts';
import type { RenderProductAction } from '../types';
import type { ProductListViewInfo } from '../utils/product-list-views';
import { breadcrumbJsonLd } from '../utils/structured-data';
import { ProductGrid } from './product-grid';
import { ProductListNav } from './product-list-nav';

/** One list view (docs/behaviour/catalogue.md#list-views): its title, introduction, the views' navigation and its products. */
export function ProductListPage({ view, renderAction }: { view: ProductListViewInfo; renderAction?: RenderProductAction }) {
  return (
    <Container className="py-10 sm:py-14">
      <title>{`${view.title} — ${storeConfig.storeName}`}</title>
      <meta name="description" content={view.intro} />
      <CanonicalLink path={view.path} />
      <StructuredData
        data={breadcrumbJsonLd(
          [
            { name: 'Home', path: paths.home.getHref() },
            { name: view.title, path: view.path },
          ],
          storeConfig.publicUrl,
        )}
      />
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{view.title}</h1>
        <p className="mt-3 text-lg text-secondary">{view.intro}</p>
      </header>
      <div className="mt-8">
        <ProductListNav current={view.key} />
      </div>
      <div className="mt-8">
        <ProductGrid filter={view.filter} filtered={view.key !== 'all'} renderAction={renderAction} />
      </div>
    </Container>
  );
}
