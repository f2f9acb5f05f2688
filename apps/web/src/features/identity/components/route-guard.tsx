import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { StatusScreen } from '#web/components/ui/status-screen.tsx';
import { GUARD_TIMEOUT_MS } from '../constants';
import { useTimeoutFlag } from '../hooks/use-timeout-flag';
import type { IdentityState } from '../types';
import { humanMessage } from '../utils/identity-failures';
import { paths } from '@store/contracts/paths';

export interface RouteGuardProps {
  identity: IdentityState;
  onLogin: () => void;
  children: ReactNode;
  /** For tests. */
  reload?: () => void;
}

/**
 * docs/behaviour/sign-in.md#route-guard: Verifying; 'Taking Longer Than Expected' after 10 s; an error
 * shows 'Authentication Required'; signed in shows the page; otherwise a redirect to /.
 */
export function RouteGuard({ identity, onLogin, children, reload = () => window.location.reload() }: RouteGuardProps) {
  const slow = useTimeoutFlag(identity.status === 'loading', GUARD_TIMEOUT_MS);
  if (identity.status === 'authenticated') return children;
  if (identity.status === 'loading') {
    if (slow) {
      return (
        <StatusScreen
          documentTitle="Taking Longer Than Expected"
          title="Taking Longer Than Expected"
          tone="warning"
          role="alert"
          actions={[
            <Button key="reload" onClick={reload}>
              Reload the page
            </Button>,
            <Button key="login" variant="secondary" onClick={onLogin}>
              Sign in again
            </Button>,
          ]}
        >
          <p>Checking your session is taking more than {GUARD_TIMEOUT_MS / 1000} seconds. Your connection may be slow.</p>
        </StatusScreen>
      );
    }
    return (
      <StatusScreen documentTitle="Verifying" title="Verifying" role="status">
        <p>Checking your session...</p>
      </StatusScreen>
    );
  }
  if (identity.error) {
    return (
      <StatusScreen
        documentTitle="Authentication Required"
        title="Authentication Required"
        tone="error"
        role="alert"
        actions={
          <Button key="login" onClick={onLogin}>
            Login
          </Button>
        }
      >
        <p>We could not confirm who you are. Please sign in to see your orders and downloads.</p>
        <p className="text-sm break-words">{humanMessage(identity.error)}</p>
      </StatusScreen>
    );
  }
  return <Navigate to={paths.home.getHref()} replace />;
}
