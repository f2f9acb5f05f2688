import type { ReactNode } from 'react';
import type { AnalyticsDashboard } from '@store/contracts/admin';
import { FactTiles, type Fact } from '../components/facts';
import { changeOf, formatCount, formatDays, formatDuration, formatShare, type Change, type TotalName } from './analytics-format';

const ARROWS = { up: '▲', down: '▼' } as const;

/** The change against the previous period: an arrow and amount for the eye, in words for screen readers, coloured by whether it is good news. */
function ChangeLine({ change }: { change: Change }) {
  const base = 'mt-1 block text-sm font-medium';
  switch (change.direction) {
    case 'none':
      return <span className={`${base} text-secondary`}>—</span>;
    case 'same':
      return <span className={`${base} text-secondary`}>No change</span>;
    case 'new':
      return (
        <span className={`${base} text-secondary`}>
          New<span className="sr-only">: none in the previous period</span>
        </span>
      );
    default:
      return (
        <span className={`${base} ${change.better ? 'text-success' : 'text-danger'}`}>
          <span aria-hidden="true">
            {ARROWS[change.direction]} {change.amount}
          </span>
          <span className="sr-only">
            {change.direction === 'up' ? 'Up' : 'Down'} {change.amount} on the previous period, {change.better ? 'better' : 'worse'}
          </span>
        </span>
      );
  }
}

function VisitDuration({ seconds }: { seconds: number | null }) {
  if (seconds === null) return <>—</>;
  const { short, spoken } = formatDuration(seconds);
  return (
    <>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{spoken}</span>
    </>
  );
}

const TILES: ReadonlyArray<{ name: TotalName; label: string; figure: string; show: (totals: AnalyticsDashboard['totals']) => ReactNode }> = [
  { name: 'visitors', label: 'Visitors', figure: 'visitors', show: (totals) => formatCount(totals.visitors) },
  { name: 'visits', label: 'Visits', figure: 'visits', show: (totals) => formatCount(totals.visits) },
  { name: 'pageviews', label: 'Pageviews', figure: 'pageviews', show: (totals) => formatCount(totals.pageviews) },
  { name: 'bounceRate', label: 'Bounce rate', figure: 'bounce-rate', show: (totals) => formatShare(totals.bounceRate) },
  {
    name: 'visitDurationSeconds',
    label: 'Visit duration',
    figure: 'visit-duration',
    show: (totals) => <VisitDuration seconds={totals.visitDurationSeconds} />,
  },
];

/** The range's totals, each with its change against the period just before (named in the text below them). */
export function SummaryTiles({ dashboard }: { dashboard: AnalyticsDashboard }) {
  const { totals, previousTotals, scope } = dashboard;
  const facts: Fact[] = TILES.map(({ name, label, figure, show }) => [
    label,
    <>
      <span className="block text-2xl font-semibold text-primary tabular-nums" data-figure={figure}>
        {show(totals)}
      </span>
      <ChangeLine change={changeOf(name, totals[name], previousTotals[name])} />
    </>,
  ]);
  return (
    <div className="flex flex-col gap-3">
      <FactTiles
        facts={facts}
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5 [&>div]:rounded-lg [&>div]:bg-tertiary [&>div]:p-3"
        labelClassName="text-sm text-secondary"
      />
      <p className="text-sm text-secondary">
        Changes compare with the period before, {formatDays(scope.previousFrom, scope.previousTo)}. A lower bounce rate is better; it moves in percentage points
        (pts).
      </p>
    </div>
  );
}
