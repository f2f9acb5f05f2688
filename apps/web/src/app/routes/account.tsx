import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { storeConfig } from '../../lib/store-config';

// The sign-in issue turns this into the account dashboard behind the route guard.
export function Component() {
  return (
    <Container className="py-16">
      <title>My account</title>
      <h1 className="text-3xl font-bold">My account</h1>
      <div className="mt-6 max-w-2xl space-y-4 text-secondary">
        <p>Accounts are not open in this store yet. Everything you buy is sent to the email address you give at checkout, with your licence keys and download links.</p>
        <p>
          Lost an email? Write to{' '}
          <a className="font-semibold text-primary underline" href={`mailto:${storeConfig.supportEmail}`}>
            {storeConfig.supportEmail}
          </a>{' '}
          with your order reference and we will send it again.
        </p>
      </div>
      <ButtonLink to="/products" className="mt-8">
        Continue Shopping
      </ButtonLink>
    </Container>
  );
}
