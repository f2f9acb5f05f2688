import { useParams } from 'react-router';
import { ProductPage } from '../../features/catalog/components/product-page';
import { renderProductCartAction } from '../product-cart-action';

/** `/products/:productPath`: one product's page (its own lazy chunk, with the Markdown renderer). */
export function Component() {
  const { productPath = '' } = useParams();
  return <ProductPage key={productPath} productPath={productPath} renderAction={renderProductCartAction} />;
}
