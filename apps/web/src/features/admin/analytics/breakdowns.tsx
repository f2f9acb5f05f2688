import type { ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { AnalyticsDashboard, BreakdownRow } from '@store/contracts/admin';
import { DataTable } from '../components/data-table';
import { formatCount } from './analytics-format';
import { AnalyticsSection } from './analytics-section';

type BreakdownName = 'pages' | 'entryPages' | 'referrers' | 'utmSources' | 'devices' | 'browsers' | 'operatingSystems';

interface Breakdown {
  name: BreakdownName;
  title: string;
  caption: string;
  /** The first column's heading. */
  subject: string;
  /** What a row without a value stands for. */
  none: string;
  /** Pages count views; the others count visits, each by its first event. */
  counts: 'pageviews' | 'visits';
  /** Why the table is empty although the range had visits. */
  emptyWithVisits: string;
}

const BREAKDOWNS: readonly Breakdown[] = [
  {
    name: 'pages',
    title: 'Top pages',
    caption: 'The most viewed pages, with their pageviews and visitors',
    subject: 'Page',
    none: 'Unknown',
    counts: 'pageviews',
    emptyWithVisits: 'No page was viewed in this range.',
  },
  {
    name: 'entryPages',
    title: 'Entry pages',
    caption: 'The pages visits started on, with their visitors and visits',
    subject: 'Page',
    none: 'Unknown',
    counts: 'visits',
    emptyWithVisits: 'No visit in this range started on a page.',
  },
  {
    name: 'referrers',
    title: 'Referrers',
    caption: 'The sites visitors came from, with their visitors and visits',
    subject: 'Referrer',
    none: 'Direct or unknown',
    counts: 'visits',
    emptyWithVisits: 'No visit in this range said where it came from.',
  },
  {
    name: 'utmSources',
    title: 'UTM sources',
    caption: 'The utm_source of the links visitors followed, with their visitors and visits',
    subject: 'Source',
    none: 'Unknown',
    counts: 'visits',
    emptyWithVisits: 'No visit in this range came from a link with a utm_source tag; add one to the links you share to see them here.',
  },
  {
    name: 'devices',
    title: 'Devices',
    caption: 'Desktop, phone or tablet, with their visitors and visits',
    subject: 'Device',
    none: 'Unknown',
    counts: 'visits',
    emptyWithVisits: 'No device was recognised in this range.',
  },
  {
    name: 'browsers',
    title: 'Browsers',
    caption: 'The browsers visitors used, with their visitors and visits',
    subject: 'Browser',
    none: 'Unknown',
    counts: 'visits',
    emptyWithVisits: 'No browser was recognised in this range.',
  },
  {
    name: 'operatingSystems',
    title: 'Operating systems',
    caption: 'The operating systems visitors used, with their visitors and visits',
    subject: 'Operating system',
    none: 'Unknown',
    counts: 'visits',
    emptyWithVisits: 'No operating system was recognised in this range.',
  },
];

const Count = ({ value }: { value: number }) => <span className="tabular-nums">{formatCount(value)}</span>;

/** The row's label over a bar as long as its share of the busiest row (the bar is decoration: the numbers are in the row). */
function SubjectCell({ label, share, muted }: { label: string; share: number; muted: boolean }) {
  return (
    <span className="flex min-w-0 flex-col items-end gap-1 md:items-start">
      <span className={`break-all ${muted ? 'text-secondary italic' : ''}`}>{label}</span>
      <span aria-hidden="true" className="block h-1 w-24 rounded-full bg-tertiary md:w-40">
        <span className="block h-1 rounded-full bg-success/70" style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
    </span>
  );
}

function columnsOf(breakdown: Breakdown, rows: BreakdownRow[]): ColumnDef<BreakdownRow, unknown>[] {
  const most = Math.max(1, ...rows.map((row) => row[breakdown.counts]));
  const countColumn = (key: 'pageviews' | 'visits' | 'visitors', header: string): ColumnDef<BreakdownRow, unknown> => ({
    accessorKey: key,
    header,
    cell: ({ row }) => <Count value={row.original[key]} />,
  });
  return [
    {
      id: 'subject',
      accessorFn: (row) => row.value ?? breakdown.none,
      header: breakdown.subject,
      cell: ({ row }) => (
        <SubjectCell label={row.original.value ?? breakdown.none} share={row.original[breakdown.counts] / most} muted={row.original.value === null} />
      ),
    },
    breakdown.counts === 'pageviews' ? countColumn('pageviews', 'Pageviews') : countColumn('visitors', 'Visitors'),
    breakdown.counts === 'pageviews' ? countColumn('visitors', 'Visitors') : countColumn('visits', 'Visits'),
  ];
}

/** Each breakdown of the range as a captioned table, the busiest first, in a grid of cards; `children` closes the grid. */
export function Breakdowns({ dashboard, children }: { dashboard: AnalyticsDashboard; children?: ReactNode }) {
  const hadVisits = dashboard.totals.visits > 0;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {BREAKDOWNS.map((breakdown) => {
        const rows = dashboard[breakdown.name];
        return (
          <AnalyticsSection key={breakdown.name} title={breakdown.title}>
            <DataTable
              caption={breakdown.caption}
              rowKey={(row) => row.value ?? '\u0000none'}
              data={rows}
              columns={columnsOf(breakdown, rows)}
              empty={hadVisits ? breakdown.emptyWithVisits : 'No visits in this range.'}
            />
          </AnalyticsSection>
        );
      })}
      {children}
    </div>
  );
}
