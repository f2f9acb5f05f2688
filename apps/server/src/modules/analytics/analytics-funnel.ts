import { FUNNEL_STEPS, type FunnelStep, type ProductFunnel } from '@store/contracts/admin';

/** A share, or null when there is nothing to divide by. */
export const shareOf = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/**
 * A funnel from its steps' visitors, in FUNNEL_STEPS order: each step's conversion is its
 * visitors over the previous step's (none for the first), the overall one purchases over views.
 */
export function funnelOf(visitors: readonly number[]): Pick<ProductFunnel, 'steps' | 'overallConversion'> {
  if (visitors.length !== FUNNEL_STEPS.length) throw new Error(`a funnel has ${FUNNEL_STEPS.length} steps, not ${visitors.length}`);
  const steps: FunnelStep[] = FUNNEL_STEPS.map((name, index) => ({
    name,
    visitors: visitors[index]!,
    conversion: index === 0 ? null : shareOf(visitors[index]!, visitors[index - 1]!),
  }));
  return { steps, overallConversion: shareOf(visitors[FUNNEL_STEPS.length - 1]!, visitors[0]!) };
}
