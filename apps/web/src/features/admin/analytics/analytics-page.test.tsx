import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsDashboard, BreakdownRow, FunnelStep, LiveVisitors } from '@store/contracts/admin';
import { AdminApiProvider } from '../api/admin-api-context';
import AnalyticsPage from './analytics-page';

// uPlot reads the pixel ratio with matchMedia when it loads; jsdom has none.
vi.hoisted(() => {
  window.matchMedia ??= (() => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })) as never;
});

const row = (value: string | null, visitors: number, visits = visitors, pageviews = visits): BreakdownRow => ({ value, visitors, visits, pageviews });
const steps = (...counts: [number, number, number, number]): FunnelStep[] =>
  (['product_view', 'add_to_cart', 'checkout_start', 'purchase'] as const).map((name, index) => ({
    name,
    visitors: counts[index]!,
    conversion: index === 0 || counts[index - 1] === 0 ? null : counts[index]! / counts[index - 1]!,
  }));

const busy: AnalyticsDashboard = {
  scope: { from: '2026-11-01', to: '2026-11-03', timeZone: 'Europe/Berlin', previousFrom: '2026-10-29', previousTo: '2026-10-31', recording: true },
  totals: { visitors: 1200, visits: 1500, pageviews: 4200, bounceRate: 0.4, visitDurationSeconds: 65 },
  previousTotals: { visitors: 1000, visits: 0, pageviews: 5000, bounceRate: 0.5, visitDurationSeconds: null },
  days: [
    { day: '2026-11-01', visitors: 400, visits: 500, pageviews: 1400 },
    { day: '2026-11-02', visitors: 0, visits: 0, pageviews: 0 },
    { day: '2026-11-03', visitors: 800, visits: 1000, pageviews: 2800 },
  ],
  pages: [row('/guides/getting-started', 900, 1000, 2500), row('/', 600, 700, 1200)],
  entryPages: [row('/', 500, 700)],
  referrers: [row(null, 700, 900), row('news.example', 300, 320)],
  utmSources: [],
  devices: [row('desktop', 800, 1000), row('phone', 400, 500)],
  browsers: [row('Firefox', 700, 800), row(null, 20, 25)],
  operatingSystems: [row('macOS', 650, 700)],
  funnels: [
    { product: 'tone-box', name: 'Tone Box', steps: steps(300, 60, 30, 15), overallConversion: 0.05 },
    { product: 'gone-kit', name: null, steps: steps(20, 0, 0, 0), overallConversion: 0 },
  ],
  allProductsFunnel: { steps: steps(320, 60, 30, 15), overallConversion: 15 / 320 },
};

const quiet: AnalyticsDashboard = {
  ...busy,
  totals: { visitors: 0, visits: 0, pageviews: 0, bounceRate: null, visitDurationSeconds: null },
  previousTotals: { visitors: 0, visits: 0, pageviews: 0, bounceRate: null, visitDurationSeconds: null },
  days: busy.days.map((day) => ({ ...day, visitors: 0, visits: 0, pageviews: 0 })),
  pages: [],
  entryPages: [],
  referrers: [],
  utmSources: [],
  devices: [],
  browsers: [],
  operatingSystems: [],
  funnels: [],
  allProductsFunnel: { steps: steps(0, 0, 0, 0), overallConversion: null },
};

const live = (visitors: number, recording = true): LiveVisitors => ({ visitors, since: '2026-11-03T10:00:00.000Z', recording });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake API: the dashboard for any range, and the live count. */
function fakeApi(dashboard: () => Response, liveCount: () => LiveVisitors = () => live(3)) {
  return vi.fn((url: string) => Promise.resolve(url.startsWith('/api/admin/analytics/live') ? json(200, liveCount()) : dashboard()));
}

function renderPage(fetchMock: ReturnType<typeof vi.fn>, address = '/admin/analytics') {
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminApiProvider getAccessToken={() => Promise.resolve('admin-token')}>
        <MemoryRouter initialEntries={[address]}>
          <AnalyticsPage />
        </MemoryRouter>
      </AdminApiProvider>
    </QueryClientProvider>,
  );
}

const dashboardCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([url]) => url as string).filter((url) => url.startsWith('/api/admin/analytics') && !url.startsWith('/api/admin/analytics/live'));

const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('AnalyticsPage', () => {
  it('shows the totals with their change against the named previous period, lower bounce rates counting as better', async () => {
    renderPage(fakeApi(() => json(200, busy)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Summary' });

    expect(within(tile('Visitors')).getByText('1,200')).toBeInTheDocument();
    expect(within(tile('Visitors')).getByText('▲ 20%').parentElement).toHaveClass('text-success');
    expect(within(tile('Visitors')).getByText('Up 20% on the previous period, better')).toBeInTheDocument();
    expect(within(tile('Pageviews')).getByText('4,200')).toBeInTheDocument();
    expect(within(tile('Pageviews')).getByText('Down 16% on the previous period, worse')).toBeInTheDocument();
    // The previous period had no visits: nothing to compare with.
    expect(within(tile('Visits')).getByText('New')).toBeInTheDocument();
    expect(within(tile('Bounce rate')).getByText('40%')).toBeInTheDocument();
    expect(within(tile('Bounce rate')).getByText('Down 10 pts on the previous period, better')).toBeInTheDocument();
    expect(within(tile('Bounce rate')).getByText('▼ 10 pts').parentElement).toHaveClass('text-success');
    expect(within(tile('Pageviews')).getByText('▼ 16%').parentElement).toHaveClass('text-danger');
    expect(within(tile('Visit duration')).getByText('1:05')).toBeInTheDocument();
    expect(within(tile('Visit duration')).getByText('1 min 5 s')).toBeInTheDocument();
    expect(within(tile('Visit duration')).getByText('New')).toBeInTheDocument();
    expect(within(summary).getByText(/Changes compare with the period before, 29 Oct 2026 to 31 Oct 2026\./)).toBeInTheDocument();

    expect(screen.getByText('1 Nov 2026 to 3 Nov 2026, store days in Europe/Berlin time.')).toBeInTheDocument();
    expect(await screen.findByText('Live: 3 visitors in the last 30 minutes')).toBeInTheDocument();
    expect(screen.queryByText(/Recording is off/)).not.toBeInTheDocument();
  });

  it('draws visitors and pageviews per day with the same numbers in a table for screen readers', async () => {
    renderPage(fakeApi(() => json(200, busy)));
    const table = await screen.findByRole('table', {
      name: /^Visitors and pageviews per day from 1 Nov 2026 to 3 Nov 2026: 1,200 visitors and 4,200 pageviews/,
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((tr) => tr.textContent),
    ).toEqual(['DayVisitorsPageviews', '1 Nov 20264001,400', '2 Nov 202600', '3 Nov 20268002,800']);
  });

  it('lists the breakdowns, naming the visits without a referrer and the browsers it did not know', async () => {
    renderPage(fakeApi(() => json(200, busy)));
    const pages = await screen.findByRole('region', { name: 'Top pages' });
    const pagesTable = within(pages).getByRole('table', { name: 'The most viewed pages, with their pageviews and visitors' });
    expect(within(pagesTable).getAllByRole('row')[1]).toHaveTextContent(/\/guides\/getting-started.*2,500.*900/);

    const referrers = within(screen.getByRole('region', { name: 'Referrers' })).getAllByRole('row');
    expect(referrers[1]).toHaveTextContent(/Direct or unknown.*700.*900/);
    expect(referrers[2]).toHaveTextContent(/news\.example.*300.*320/);
    expect(within(screen.getByRole('region', { name: 'Browsers' })).getByText('Unknown')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'UTM sources' })).getByText(/No visit in this range came from a link with a utm_source tag/),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Countries' })).toHaveTextContent(
      'the store does not look up where visitors are, because that would need a downloaded location database or a third party',
    );
  });

  it('shows the funnel for all products and per product, with each step from the one before and the overall conversion', async () => {
    renderPage(fakeApi(() => json(200, busy)));
    const funnel = await screen.findByRole('region', { name: 'Funnel' });
    const all = within(funnel).getByRole('table', { name: 'Funnel for all products' });
    expect(
      within(all)
        .getAllByRole('row')
        .slice(1)
        .map((tr) => tr.textContent),
    ).toEqual(['Viewed the product320—', 'Added to cart6018.8%', 'Started checkout3050%', 'Bought1550%']);
    expect(all.querySelector('[data-step-bar="add_to_cart"]')).toHaveStyle({ width: '19%' });
    expect(funnel).toHaveTextContent('Overall, 4.7% of the visitors who viewed a product bought it.');

    const perProduct = within(funnel).getByRole('table', { name: 'Funnel per product, the most viewed first' });
    // Each cell's value, without the labels a phone shows beside it (hidden from screen readers).
    const values = (tr: HTMLElement) =>
      within(tr)
        .getAllByRole('cell')
        .map((cell) => cell.lastElementChild?.textContent);
    const [, toneBox, goneKit] = within(perProduct).getAllByRole('row');
    expect(values(toneBox!)).toEqual(['Tone Box', '300', '60 (20% of the step before)', '30 (50% of the step before)', '15 (50% of the step before)', '5%']);
    expect(values(goneKit!)).toEqual([
      'gone-kit (no longer in the catalogue)',
      '20',
      '0 (0% of the step before)',
      // Nobody to go on from: no share to give.
      '0',
      '0',
      '0%',
    ]);
  });

  it('says why every part is empty when the range had no visits', async () => {
    renderPage(fakeApi(() => json(200, quiet)));
    await screen.findByRole('region', { name: 'Summary' });
    expect(within(tile('Visitors')).getByText('0')).toBeInTheDocument();
    expect(within(tile('Visitors')).getByText('No change')).toBeInTheDocument();
    expect(within(tile('Bounce rate')).getAllByText('—')).toHaveLength(2);
    for (const name of [
      'Visitors and pageviews',
      'Funnel',
      'Top pages',
      'Entry pages',
      'Referrers',
      'UTM sources',
      'Devices',
      'Browsers',
      'Operating systems',
    ]) {
      expect(within(screen.getByRole('region', { name })).getByText('No visits in this range.')).toBeInTheDocument();
    }
    expect(screen.queryByRole('table', { name: /Visitors and pageviews per day/ })).not.toBeInTheDocument();
  });

  it('says recording is off when the server does not record', async () => {
    renderPage(
      fakeApi(
        () => json(200, { ...busy, scope: { ...busy.scope, recording: false } }),
        () => live(0, false),
      ),
    );
    expect(await screen.findByText('Recording is off (ANALYTICS=off)')).toBeInTheDocument();
    expect(await screen.findByText('Live: 0 visitors in the last 30 minutes')).toBeInTheDocument();
  });

  it("shows the server's message when it refuses the range", async () => {
    renderPage(fakeApi(() => json(400, { error: 'Bad Request', message: 'The range ends before it starts.' })));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The analytics could not be loaded');
    expect(alert).toHaveTextContent('The range ends before it starts. Check the dates.');
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
  });

  it('keeps the range in the address and does not ask the server for dates in the wrong order', async () => {
    const fetchMock = fakeApi(() => json(200, busy));
    renderPage(fetchMock, '/admin/analytics?range=custom&from=2026-11-05&to=2026-11-01');
    expect(await screen.findByText('Check the dates')).toBeInTheDocument();
    expect(dashboardCalls(fetchMock)).toEqual([]);

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-09');
    await waitFor(() => expect(dashboardCalls(fetchMock)).toEqual(['/api/admin/analytics?from=2026-11-05&to=2026-11-09']));
    await user.selectOptions(screen.getByLabelText('Dates'), 'last-30-days');
    await waitFor(() => expect(dashboardCalls(fetchMock).at(-1)).toBe('/api/admin/analytics'));
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
  });

  it('counts live visitors again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let visitors = 3;
    const fetchMock = fakeApi(
      () => json(200, busy),
      () => live(visitors),
    );
    renderPage(fetchMock);
    expect(await screen.findByText('Live: 3 visitors in the last 30 minutes')).toBeInTheDocument();
    visitors = 1;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByText('Live: 1 visitor in the last 30 minutes')).toBeInTheDocument();
  });
});
