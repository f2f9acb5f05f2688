import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { StatusScreen } from '#web/components/ui/status-screen.tsx';
import { CALLBACK_MAX_RETRIES, CALLBACK_RETRIES_KEY, CALLBACK_TIMEOUT_MS } from '../constants';
import type { CallbackOutcome } from '../types';
import { CALLBACK_HINTS, checkCallbackParams, classifyCallbackError, type CallbackError } from '../utils/callback-errors';
import { paths } from '@store/contracts/paths';

export interface CallbackPageProps {
  /** Processes the URL's answer (the identity store's `handleCallback`). */
  handleCallback: (url: string) => Promise<CallbackOutcome>;
  /** Starts a fresh sign-in. */
  onLoginAgain: () => void;
  /** Names the provider in '{provider} returned error: {error}'. */
  providerName: string;
  /** For tests. */
  win?: Window;
}

type View = { kind: 'loading' } | { kind: 'timeout' } | { kind: 'error'; error: CallbackError } | { kind: 'max-retries' } | { kind: 'done' };

function readRetries(win: Window): number {
  try {
    return Number(win.sessionStorage.getItem(CALLBACK_RETRIES_KEY)) || 0;
  } catch {
    return 0;
  }
}

function writeRetries(win: Window, value: number | null) {
  try {
    if (value === null) win.sessionStorage.removeItem(CALLBACK_RETRIES_KEY);
    else win.sessionStorage.setItem(CALLBACK_RETRIES_KEY, String(value));
  } catch {
    // storage disabled
  }
}

/** /callback (docs/behaviour/sign-in.md#callback-page): progress, 'Connection Timeout', 'Authentication Error', 'Max Retries Reached'. */
export function CallbackPage({ handleCallback, onLoginAgain, providerName, win = window }: CallbackPageProps) {
  const navigate = useNavigate();
  const [view, setView] = useState<View>(() => {
    const invalid = checkCallbackParams(new URLSearchParams(win.location.search), providerName);
    return invalid ? { kind: 'error', error: invalid } : { kind: 'loading' };
  });
  const [retries] = useState(() => readRetries(win));
  const failed = (next: View): View =>
    retries >= CALLBACK_MAX_RETRIES && (next.kind === 'timeout' || (next.kind === 'error' && next.error.retryable)) ? { kind: 'max-retries' } : next;

  useEffect(() => {
    if (view.kind !== 'loading') return;
    let live = true;
    const timer = setTimeout(() => live && setView(failed({ kind: 'timeout' })), CALLBACK_TIMEOUT_MS);
    handleCallback(win.location.href).then(
      (outcome) => {
        clearTimeout(timer);
        writeRetries(win, null);
        if (!live) return;
        // Navigating away also removes the code and state from the address bar.
        if (outcome.kind === 'redirect') void navigate(outcome.returnTo, { replace: true });
        else setView({ kind: 'done' });
      },
      (error: unknown) => {
        clearTimeout(timer);
        console.warn('Sign-in callback failed', error);
        if (live) setView(failed({ kind: 'error', error: classifyCallbackError(error) }));
      },
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // Runs once per page: a retry reloads the page (docs/behaviour/sign-in.md#callback-page).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const retry = () => {
    writeRetries(win, retries + 1);
    win.location.reload();
  };
  const retriesLeft = CALLBACK_MAX_RETRIES - retries;
  const loginAgain = (
    <Button key="login" onClick={onLoginAgain}>
      Sign in again
    </Button>
  );
  const home = (
    <ButtonLink key="home" to={paths.home.getHref()} variant="secondary">
      Back to the home page
    </ButtonLink>
  );

  switch (view.kind) {
    case 'loading':
    case 'done':
      return (
        <>
          <title>Signing in</title>
          <StatusScreen title="Signing you in..." role="status">
            <p>Completing authentication with {providerName}. This only takes a moment.</p>
          </StatusScreen>
        </>
      );
    case 'timeout':
      return (
        <>
          <title>Connection Timeout</title>
          <StatusScreen
            title="Connection Timeout"
            tone="warning"
            role="alert"
            actions={[
              <Button key="retry" onClick={retry}>
                Try again ({retriesLeft} {retriesLeft === 1 ? 'retry' : 'retries'} left)
              </Button>,
              home,
            ]}
          >
            <p>Signing in is taking longer than {CALLBACK_TIMEOUT_MS / 1000} seconds.</p>
            <p>{CALLBACK_HINTS.timeout}</p>
          </StatusScreen>
        </>
      );
    case 'max-retries':
      return (
        <>
          <title>Max Retries Reached</title>
          <StatusScreen title="Max Retries Reached" tone="error" role="alert" actions={[loginAgain, home]}>
            <p>We tried {CALLBACK_MAX_RETRIES} times and still could not sign you in.</p>
            <p>Start again from the sign-in page; if it keeps failing, check your connection or contact support.</p>
          </StatusScreen>
        </>
      );
    case 'error':
      return (
        <>
          <title>Authentication Error</title>
          <StatusScreen
            title="Authentication Error"
            tone="error"
            role="alert"
            actions={
              view.error.retryable
                ? [
                    <Button key="retry" onClick={retry}>
                      Try again ({retriesLeft} {retriesLeft === 1 ? 'retry' : 'retries'} left)
                    </Button>,
                    home,
                  ]
                : [loginAgain, home]
            }
          >
            <p className="font-medium break-words text-primary">{view.error.message}</p>
            <p>{CALLBACK_HINTS[view.error.kind]}</p>
          </StatusScreen>
        </>
      );
  }
}
