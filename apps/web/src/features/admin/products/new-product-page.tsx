import { paths } from '@store/contracts/paths';
import { Alert } from '#web/components/ui/alert.tsx';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { AdminPage } from '../components/admin-page';
import { errorMessage } from '../utils/error-message';
import { ProductEditor } from './product-form';
import { useProductList } from './products-api';

/** /admin/products/new: a new product, saved as a draft unless made live. */
export default function NewProductPage() {
  // The list says which currency the store sells in.
  const list = useProductList();
  return (
    <AdminPage
      title="New product"
      description="It is saved as a draft unless you make it live. Media can be added once it has been saved."
      actions={
        <ButtonLink variant="secondary" to={paths.admin.products.getHref()}>
          All products
        </ButtonLink>
      }
    >
      {list.data && <ProductEditor currency={list.data.currency} />}
      {list.isPending && <Skeleton className="h-96" />}
      {list.isError && (
        <Alert tone="error" title="The form could not be opened">
          {errorMessage(list.error)} Reload the page to try again.
        </Alert>
      )}
    </AdminPage>
  );
}
