import { useSearchParams } from 'react-router';
import { ThankYou } from '../../features/content/components/thank-you';
import { parseOrderReference } from '../../features/content/utils/order-reference';

/** `/products/purchase-success?order={reference}`: where a completed order lands. */
export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <>
      <title>Thank you for your order</title>
      <meta name="robots" content="noindex" />
      <ThankYou orderReference={parseOrderReference(searchParams.get('order'))} />
    </>
  );
}
