import { useNavigate } from 'react-router';
import type { HeaderAccount } from '../features/layout/types';

/**
 * The shopper's sign-in state for the header and banner. Sign-in through OpenID Connect
 * arrives with the sign-in issue; until then Login and Sign Up lead to the account page,
 * which explains how orders reach the shopper.
 */
export function useShopperAccount(): HeaderAccount {
  const navigate = useNavigate();
  return {
    status: 'unauthenticated',
    onLogin: () => void navigate('/account'),
    onSignup: () => void navigate('/account'),
  };
}
