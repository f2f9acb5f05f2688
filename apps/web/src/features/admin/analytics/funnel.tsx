import type { ColumnDef } from '@tanstack/react-table';
import type { AnalyticsDashboard, FunnelStep, FunnelStepName, ProductFunnel } from '@store/contracts/admin';
import { DataTable } from '../components/data-table';
import { formatCount, formatShare } from './analytics-format';
import { AnalyticsSection } from './analytics-section';

export const FUNNEL_STEP_LABELS: Record<FunnelStepName, string> = {
  product_view: 'Viewed the product',
  add_to_cart: 'Added to cart',
  checkout_start: 'Started checkout',
  purchase: 'Bought',
};

type Steps = FunnelStep[];

/** The four steps for every product together: bars as wide as each step's share of the first, the numbers beside them. */
function StepsTable({ steps, caption }: { steps: Steps; caption: string }) {
  const first = steps[0]?.visitors ?? 0;
  return (
    <table className="w-full max-w-2xl border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-secondary">
        <tr>
          <th scope="col" className="pb-2 font-medium">
            Step
          </th>
          <th scope="col" className="pb-2 text-right font-medium">
            Visitors
          </th>
          <th scope="col" className="pb-2 pl-3 text-right font-medium">
            From the step before
          </th>
        </tr>
      </thead>
      <tbody>
        {steps.map((step) => (
          <tr key={step.name} className="border-t border-border/30 dark:border-border/60">
            <th scope="row" className="py-3 pr-3 text-left font-medium text-primary">
              {FUNNEL_STEP_LABELS[step.name]}
              <span aria-hidden="true" className="mt-2 block h-2.5 w-full rounded-full bg-tertiary">
                <span
                  className="block h-2.5 rounded-full bg-success"
                  data-step-bar={step.name}
                  style={{ width: `${first === 0 ? 0 : Math.round((step.visitors / first) * 100)}%` }}
                />
              </span>
            </th>
            <td className="py-3 text-right align-top text-base font-semibold text-primary tabular-nums">{formatCount(step.visitors)}</td>
            <td className="py-3 pl-3 text-right align-top text-primary tabular-nums">{formatShare(step.conversion)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One step's visitors and, after a step someone took, the share of its visitors who went on to this one. */
function StepCell({ step }: { step: FunnelStep | undefined }) {
  if (!step) return null;
  return (
    <span className="tabular-nums">
      {formatCount(step.visitors)}
      {step.conversion !== null && (
        <>
          {' '}
          <span className="text-secondary">
            ({formatShare(step.conversion)}
            <span className="sr-only"> of the step before</span>)
          </span>
        </>
      )}
    </span>
  );
}

const productLabel = (funnel: ProductFunnel) => funnel.name ?? `${funnel.product} (no longer in the catalogue)`;

const productColumns: ColumnDef<ProductFunnel, unknown>[] = [
  { id: 'product', accessorFn: productLabel, header: 'Product' },
  ...(Object.keys(FUNNEL_STEP_LABELS) as FunnelStepName[]).map((name, index): ColumnDef<ProductFunnel, unknown> => ({
    id: name,
    accessorFn: (funnel) => funnel.steps[index]?.visitors ?? 0,
    header: FUNNEL_STEP_LABELS[name],
    cell: ({ row }) => <StepCell step={row.original.steps[index]} />,
  })),
  { id: 'overall', accessorFn: (funnel) => funnel.overallConversion ?? -1, header: 'Overall', cell: ({ row }) => formatShare(row.original.overallConversion) },
];

/** From viewing a product to buying it: every product together, then each product. */
export function Funnel({ dashboard }: { dashboard: AnalyticsDashboard }) {
  const all = dashboard.allProductsFunnel;
  const viewed = all.steps[0]?.visitors ?? 0;
  const why = dashboard.totals.visits === 0 ? 'No visits in this range.' : 'No product was viewed in this range.';
  return (
    <AnalyticsSection
      title="Funnel"
      description="Visitors who viewed a product, then added it to the cart, started checkout and bought, each step on the same day as the ones before."
    >
      {viewed === 0 ? (
        <p className="rounded-xl border border-dashed border-border/60 p-8 text-center text-secondary">{why}</p>
      ) : (
        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-3">
            <h3 className="font-semibold text-primary">All products</h3>
            <StepsTable steps={all.steps} caption="Funnel for all products" />
            <p className="text-sm text-primary">
              Overall, <strong className="tabular-nums">{formatShare(all.overallConversion)}</strong> of the visitors who viewed a product bought it.
            </p>
          </div>
          <div className="flex flex-col gap-3">
            <h3 className="font-semibold text-primary">Per product</h3>
            <DataTable
              caption="Funnel per product, the most viewed first"
              rowKey={(funnel) => funnel.product}
              data={dashboard.funnels}
              columns={productColumns}
              empty="No single product was viewed in this range."
            />
          </div>
        </div>
      )}
    </AnalyticsSection>
  );
}
