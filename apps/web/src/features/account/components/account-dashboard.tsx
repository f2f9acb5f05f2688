import type { AccountOrder, AccountProduct } from '@store/contracts/account';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Container } from '#web/components/ui/container.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { trackDownload, useAccount } from '../api/account-api';
import { ACCOUNT_FETCH_DELAY_MS, MESSAGES, SESSION_REDIRECT_DELAY_MS } from '../constants';
import type { AccountUser } from '../types';
import { failureMessage, isSessionExpiredError, shouldTrackDownload } from '../utils/format';
import { OrdersTab } from './orders-tab';
import { ProfileTab } from './profile-tab';
import { paths } from '@store/contracts/paths';

export interface AccountDashboardProps {
  user: AccountUser;
  getAccessToken: () => Promise<string>;
  onLogout: () => void;
  /** Starts a new sign-in (after 'Authentication failed'). */
  onLoginAgain: () => void;
  /** The profile picture (or initials), drawn by the layout feature. */
  avatar: ReactNode;
  /** For tests. */
  fetchDelayMs?: number;
}

const TABS = [
  { id: 'orders', label: 'Orders' },
  { id: 'profile', label: 'Profile' },
] as const;

/** Problems the dashboard explains in place of the order history. */
type Problem = 'session-expired' | 'auth-failed' | 'email-not-verified' | 'load-failed' | null;

function problemOf(error: unknown): Problem {
  if (!error) return null;
  if (isSessionExpiredError(error)) return 'session-expired';
  if (error instanceof ApiError && error.status === 403) return 'email-not-verified';
  // A token that could not be obtained for another reason (the identity store's errors carry a code).
  if (typeof error === 'object' && 'code' in error) return 'auth-failed';
  return 'load-failed';
}

/** /account (docs/behaviour/account.md#dashboard): Orders and Profile tabs, with every loading and error state. */
export function AccountDashboard({ user, getAccessToken, onLogout, onLoginAgain, avatar, fetchDelayMs = ACCOUNT_FETCH_DELAY_MS }: AccountDashboardProps) {
  const [searchParams] = useSearchParams();
  const tab = searchParams.get('tab') ?? 'orders';

  // The fetch starts 500 ms after login (docs/behaviour/account.md#loading-the-account).
  const [delayed, setDelayed] = useState(fetchDelayMs <= 0);
  useEffect(() => {
    if (fetchDelayMs <= 0) return;
    const timer = setTimeout(() => setDelayed(true), fetchDelayMs);
    return () => clearTimeout(timer);
  }, [fetchDelayMs]);

  const account = useAccount({ subject: user.sub, getAccessToken, enabled: delayed });
  const problem = problemOf(account.error);
  const noCustomer = account.data?.kind === 'no-customer';
  const data = account.data?.kind === 'loaded' ? account.data.data : null;

  // Toasts and redirects, once per problem (docs/behaviour/account.md#session-problems).
  const reported = useRef<string | null>(null);
  const redirects = useRef({ onLogout, onLoginAgain });
  useEffect(() => {
    redirects.current = { onLogout, onLoginAgain };
  });
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  useEffect(() => {
    const key = problem ?? (noCustomer ? 'no-customer' : null);
    if (!key || reported.current === key) return;
    reported.current = key;
    if (key === 'no-customer') {
      toast({ tone: 'warning', title: MESSAGES.noCustomerToast });
      return;
    }
    if (key === 'load-failed') {
      console.warn(`Account: ${failureMessage(account.error)}`);
      toast({ tone: 'error', title: MESSAGES.loadFailed });
      return;
    }
    if (key === 'email-not-verified') return;
    toast({ tone: 'warning', title: key === 'session-expired' ? MESSAGES.sessionExpired : MESSAGES.authFailed });
    redirectTimer.current = setTimeout(() => {
      if (key === 'session-expired') redirects.current.onLogout();
      else redirects.current.onLoginAgain();
    }, SESSION_REDIRECT_DELAY_MS);
  }, [problem, noCustomer, account.error]);

  const onDownload = (order: AccountOrder, product: AccountProduct) => {
    if (!shouldTrackDownload(product) || !product.current_version) return;
    const body = { product_id: product.product_id, version: product.current_version, order_id: order.order_id };
    // Fire and forget; the result is ignored (docs/behaviour/downloads.md#download-tracking).
    getAccessToken()
      .then((token) => trackDownload(token, body))
      .catch((error: unknown) => console.warn('Account: recording the download failed', error));
  };

  const loading = !delayed || account.isPending;
  const firstName = data?.customer_info.first_name || user.givenName || user.name.split(' ')[0] || user.email;

  let notice: ReactNode = undefined;
  if (loading) notice = <Spinner label="Loading your orders..." />;
  else if (problem === 'email-not-verified')
    notice = (
      <Alert tone="warning" title={MESSAGES.emailNotVerifiedTitle}>
        <p>{MESSAGES.emailNotVerifiedBody}</p>
      </Alert>
    );
  else if (problem === 'session-expired' || problem === 'auth-failed')
    notice = <Spinner label={problem === 'session-expired' ? MESSAGES.sessionExpired : MESSAGES.authFailed} />;
  else if (problem === 'load-failed')
    notice = (
      <Alert tone="error" title={MESSAGES.unableToLoad}>
        <p>{MESSAGES.loadOrdersFailed}. Check your connection and try again.</p>
        <p className="mt-1 text-sm">Error: {failureMessage(account.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void account.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  // No customer for this email (404) and a customer with no orders are different answers (docs/behaviour/account.md#orders).
  else if (noCustomer) notice = <p className="text-secondary">{MESSAGES.noOrdersFound}</p>;
  else if (data?.orders.length === 0)
    notice = (
      <div className="rounded-xl border border-dashed border-border px-6 py-10 text-center">
        <p className="text-lg font-semibold">{MESSAGES.noOrdersTitle}</p>
        <p className="mt-1 text-secondary">{MESSAGES.noOrdersBody}</p>
        <ButtonLink to={paths.productLists.all.getHref()} variant="secondary" className="mt-5">
          Browse products
        </ButtonLink>
      </div>
    );

  return (
    <Container className="py-8 sm:py-12">
      <title>My account</title>
      <meta name="robots" content="noindex" />
      <div className="grid gap-6 lg:grid-cols-[15rem_1fr] lg:gap-10">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <h1 className="text-3xl font-bold tracking-tight">My account</h1>
          <p className="mt-2 text-secondary">
            Welcome back, <span className="font-semibold break-words text-primary">{firstName}</span>
          </p>
          <nav aria-label="Account sections" className="mt-6">
            <ul className="flex gap-2 lg:flex-col">
              {TABS.map((item) => {
                const current = item.id === tab;
                return (
                  <li key={item.id} className="flex-1 lg:flex-none">
                    <Link
                      to={paths.account.getHref(item.id)}
                      aria-current={current ? 'page' : undefined}
                      className={`flex min-h-11 items-center justify-center rounded-lg px-4 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent lg:justify-start ${
                        current ? 'bg-accent text-black' : 'text-primary hover:bg-tertiary'
                      }`}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
              <li className="flex-1 lg:mt-4 lg:flex-none lg:border-t lg:border-border/40 lg:pt-4 dark:lg:border-border/70">
                <Button variant="secondary" className="w-full lg:justify-start" onClick={onLogout}>
                  Logout
                </Button>
              </li>
            </ul>
          </nav>
        </aside>

        <div className="min-w-0 space-y-6">
          {noCustomer && (
            <Alert tone="warning" title={MESSAGES.noCustomerTitle}>
              <p>{MESSAGES.noCustomerBody}</p>
            </Alert>
          )}
          {tab === 'orders' ? (
            <OrdersTab data={data} onDownload={onDownload} notice={notice} computers={{ subject: user.sub, getAccessToken }} />
          ) : tab === 'profile' ? (
            <ProfileTab user={user} data={data} avatar={avatar} getAccessToken={getAccessToken} />
          ) : (
            <div role="alert" className="rounded-2xl border border-border/40 bg-tertiary px-6 py-12 text-center dark:border-border/70">
              <h2 className="text-2xl font-bold">Tab Not Found</h2>
              <p className="mt-2 text-secondary">There is no “{tab}” section in your account.</p>
              <ButtonLink to={paths.account.getHref('orders')} variant="secondary" className="mt-6">
                Go to your orders
              </ButtonLink>
            </div>
          )}
        </div>
      </div>
    </Container>
  );
}
