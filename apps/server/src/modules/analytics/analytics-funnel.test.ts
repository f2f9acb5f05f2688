import { describe, expect, it } from 'vitest';
import { funnelOf } from './analytics-funnel';

describe('the funnel arithmetic', () => {
  it('divides each step by the one before it, and purchases by views overall', () => {
    expect(funnelOf([200, 50, 20, 5])).toEqual({
      steps: [
        { name: 'product_view', visitors: 200, conversion: null },
        { name: 'add_to_cart', visitors: 50, conversion: 0.25 },
        { name: 'checkout_start', visitors: 20, conversion: 0.4 },
        { name: 'purchase', visitors: 5, conversion: 0.25 },
      ],
      overallConversion: 0.025,
    });
  });

  it('has no conversion after a step nobody took, and none overall without views', () => {
    const { steps, overallConversion } = funnelOf([0, 0, 0, 0]);
    expect(steps.map((step) => step.conversion)).toEqual([null, null, null, null]);
    expect(overallConversion).toBeNull();
    expect(funnelOf([10, 0, 0, 0]).steps.map((step) => step.conversion)).toEqual([null, 0, null, null]);
  });

  it('refuses a funnel of the wrong length', () => {
    expect(() => funnelOf([1, 2, 3])).toThrow('a funnel has 4 steps, not 3');
  });
});
