import { useSearchParams } from 'react-router';
import { ThankYou } from '#web/features/content/components/thank-you.tsx';
import { parseOrderReference } from '#web/features/content/utils/order-reference.ts';

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
