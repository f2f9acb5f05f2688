import { CallbackPage } from '#web/features/identity/components/callback-page.tsx';
import { useIdentityStore } from '#web/features/identity/identity-provider.tsx';
import { identityProviderName, startLogin } from '../shopper-account';

/** /callback: the identity provider's answer (docs/behaviour/sign-in.md#callback-page). */
export function Component() {
  const store = useIdentityStore();
  return <CallbackPage handleCallback={store.handleCallback} onLoginAgain={() => startLogin(store)} providerName={identityProviderName()} />;
}
