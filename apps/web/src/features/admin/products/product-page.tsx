import { useParams } from 'react-router';
import { paths } from '@store/contracts/paths';
import { Alert } from '#web/components/ui/alert.tsx';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { AdminPage } from '../components/admin-page';
import { errorMessage } from '../utils/error-message';
import { ProductEditor } from './product-form';
import { useProduct } from './products-api';

/** /admin/products/{productId}: one product's form. */
export default function ProductPage() {
  const productId = Number(useParams().productId);
  const product = useProduct(productId);
  const back = (
    <ButtonLink variant="secondary" to={paths.admin.products.getHref()}>
      All products
    </ButtonLink>
  );
  if (product.isPending) {
    return (
      <AdminPage title="Product" actions={back}>
        <Skeleton className="h-96" />
      </AdminPage>
    );
  }
  if (product.isError) {
    return (
      <AdminPage title="Product" actions={back}>
        <Alert tone="error" title="The product could not be loaded">
          {errorMessage(product.error)}
        </Alert>
      </AdminPage>
    );
  }
  const { data } = product;
  return (
    <AdminPage
      title={data.displayName}
      description={
        <>
          {data.live ? 'Live' : 'Draft'} · <span className="font-mono">{data.path}</span>
          {data.live && (
            <>
              {' · '}
              <a href={paths.product.getHref(data.path)} target="_blank" rel="noreferrer" className="underline underline-offset-2">
                View in the store
              </a>
            </>
          )}
        </>
      }
      actions={
        <>
          <ButtonLink variant="secondary" to={paths.admin.releases.getHref(data.id)}>
            Releases and files
          </ButtonLink>
          {back}
        </>
      }
    >
      <ProductEditor key={data.id} product={data} currency={data.currency} onReload={async () => (await product.refetch()).data} />
    </AdminPage>
  );
}
