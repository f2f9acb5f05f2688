import { CallbackPage } from '../../features/identity/components/callback-page';
import { useIdentityStore } from '../../features/identity/identity-provider';
import { identityProviderName, startLogin } from '../shopper-account';

/** /callback: the identity provider's answer (docs/behaviour/sign-in.md#callback-page). */
export function Component() {
  const store = useIdentityStore();
  return <CallbackPage handleCallback={store.handleCallback} onLoginAgain={() => startLogin(store)} providerName={identityProviderName()} />;
}
