import type { AccountData } from '@store/contracts/account';
import type { AccountLicenceMachines } from '@store/contracts/licensing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, Toaster } from '#web/components/ui/toast.tsx';
import { LicencesPanel } from './licences-panel';

const KEY = 'AAAA-BBBB-CCCC-DDDD';
const TRIAL_KEY = 'TTTT-BBBB-CCCC-DDDD';
const REVOKED_KEY = 'RRRR-BBBB-CCCC-DDDD';
const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

const summaries: AccountData['licensespring_licenses'] = [
  { product_name: 'Pad Mapper', license_key: KEY, status: 'Active', activations_used: 2, expiration: null },
  { product_name: 'Pad Mapper Trial', license_key: TRIAL_KEY, status: 'Active', activations_used: 0, expiration: '2026-12-08T12:00:00Z' },
  { product_name: 'Pad Mapper', license_key: REVOKED_KEY, status: 'Revoked', activations_used: 0, expiration: null },
];

const machine = (id: string, name: string | null, platform: 'macos' | 'windows' | null, lastSeenDaysAgo: number) => ({
  id,
  fingerprint: `fp-${id}`,
  name,
  platform,
  activatedAt: '2026-10-01T12:00:00Z',
  lastSeenAt: iso(-lastSeenDaysAgo),
});

function licences(overrides: { deactivationsLeft?: number; machines?: ReturnType<typeof machine>[] } = {}): AccountLicenceMachines {
  const base = { product: 'pad-mapper', productName: 'Pad Mapper', nextDeactivationAt: null, upgradedFrom: null };
  return {
    licenses: [
      {
        ...base,
        licenseKey: KEY,
        type: 'perpetual',
        status: 'active',
        expiresAt: null,
        maxMachines: 3,
        machines: overrides.machines ?? [
          machine('11111111-1111-4111-8111-111111111111', 'Studio Mac', 'macos', 3),
          machine('22222222-2222-4222-8222-222222222222', null, 'windows', 0),
        ],
        activationsUsed: overrides.machines?.length ?? 2,
        deactivationsLeft: overrides.deactivationsLeft ?? 3,
      },
      {
        ...base,
        licenseKey: TRIAL_KEY,
        productName: 'Pad Mapper Trial',
        type: 'trial',
        status: 'active',
        expiresAt: '2099-12-08T12:00:00Z',
        maxMachines: 1,
        activationsUsed: 0,
        machines: [],
        deactivationsLeft: 3,
      },
      {
        ...base,
        licenseKey: REVOKED_KEY,
        type: 'perpetual',
        status: 'revoked',
        expiresAt: null,
        maxMachines: 3,
        activationsUsed: 1,
        machines: [machine('33333333-3333-4333-8333-333333333333', 'Old PC', 'windows', 40)],
        deactivationsLeft: 3,
      },
    ],
  };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: GET answers from `state`, DELETE runs `onDelete`. */
function serve(state: { answer: () => Response }, onDelete: (url: string) => Response = () => new Response(null, { status: 204 })) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'DELETE') return onDelete(url);
    if (url.endsWith('/api/account/licences')) return state.answer();
    return json(404, { error: 'Not Found', message: 'no such route' });
  });
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LicencesPanel licences={summaries} computers={{ subject: 'u1', getAccessToken: async () => 'token' }} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const licenceItem = (key: string) => screen.getByText(key).closest('li')!;

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

beforeEach(() => clearToasts());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the Licenses panel’s computers', () => {
  it('lists each licence’s computers with their use of the limit, trials by their end, and no Deactivate on a revoked licence', async () => {
    const fetch = serve({ answer: () => json(200, licences()) });
    renderPanel();
    const paid = licenceItem(KEY);
    expect(await within(paid).findByText(/2 of 3 computers/)).toBeInTheDocument();
    expect(within(paid).getByText('Studio Mac')).toBeInTheDocument();
    expect(within(paid).getByText('Unnamed computer')).toBeInTheDocument();
    expect(within(paid).getByText(/macOS/)).toBeInTheDocument();
    expect(within(paid).getAllByText(/Activated 1 October 2026/)).toHaveLength(2);
    expect(within(paid).getByText(/Last seen 3 days ago \(/)).toBeInTheDocument();
    expect(within(paid).getByRole('button', { name: 'Deactivate Studio Mac' })).toBeEnabled();
    expect(within(paid).getByRole('button', { name: 'Deactivate Unnamed computer' })).toBeEnabled();

    const trial = licenceItem(TRIAL_KEY);
    expect(within(trial).getByText(/Trial · ends 8 December 2099 · 0 of 1 computer/)).toBeInTheDocument();
    expect(within(trial).getByText('Not activated on any computer yet')).toBeInTheDocument();
    expect(within(trial).getByText(/enter this licence key/)).toBeInTheDocument();

    const revoked = licenceItem(REVOKED_KEY);
    expect(within(revoked).getByText('Revoked').closest('[data-tone]')).toHaveAttribute('data-tone', 'grey');
    expect(within(revoked).queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(within(paid).getByText('Active').closest('[data-tone]')).toHaveAttribute('data-tone', 'green');

    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/account\/licences$/);
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer token');
  });

  it('deactivates after confirming, says how many deactivations are left, and reads the licences again', async () => {
    const state = { answer: () => json(200, licences()) };
    const deleted: string[] = [];
    serve(state, (url) => {
      deleted.push(url);
      state.answer = () => json(200, licences({ deactivationsLeft: 2, machines: [machine('22222222-2222-4222-8222-222222222222', null, 'windows', 0)] }));
      return new Response(null, { status: 204 });
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Studio Mac' }));

    const dialog = screen.getByRole('dialog', { name: 'Deactivate “Studio Mac”?' });
    expect(within(dialog).getByText(/3 deactivations left; each counts for 30 days\./)).toBeInTheDocument();
    // Focus starts on the safe choice; cancelling changes nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Deactivate Studio Mac' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Freed “Studio Mac”. 2 deactivations left; each counts for 30 days.')).toBeInTheDocument();
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatch(new RegExp(`/api/account/licences/${KEY}/machines/11111111-1111-4111-8111-111111111111$`));
    await waitFor(() => expect(screen.queryByText('Studio Mac')).toBeNull());
    expect(within(licenceItem(KEY)).getByText(/1 of 3 computers/)).toBeInTheDocument();
  });

  it('shows the server’s message when the limit on deactivations refuses', async () => {
    const message = 'This licence was deactivated 3 times in 30 days. The next deactivation is possible on 8 December 2026.';
    serve({ answer: () => json(200, licences()) }, () => json(429, { valid: false, code: 'TOO_MANY_DEACTIVATIONS', message }));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Unnamed computer' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not deactivated');
    expect(alert).toHaveTextContent(message);
    // The computer is still listed and no success was claimed.
    expect(screen.getByText('Unnamed computer')).toBeInTheDocument();
    expect(screen.queryByText(/Freed/)).toBeNull();
  });

  it('says when the computers could not be loaded, keeps the keys, and tries again', async () => {
    const state = { answer: () => json(500, { error: 'Internal Server Error', message: 'The store could not read your licences. Try again in a minute.' }) };
    serve(state);
    const user = userEvent.setup();
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your computers could not be loaded');
    expect(alert).toHaveTextContent('The store could not read your licences. Try again in a minute.');
    expect(screen.getByText(KEY)).toBeInTheDocument();

    state.answer = () => json(200, licences());
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Studio Mac')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
