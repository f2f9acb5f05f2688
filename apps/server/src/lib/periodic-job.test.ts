import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPeriodicJob } from './periodic-job';

afterEach(() => {
  vi.useRealTimers();
});

describe('a periodic job', () => {
  it('runs at start and every period, never twice at once, and stop waits for the run under way', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    let runs = 0;
    const job = createPeriodicJob(() => {
      runs += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    }, 1000);
    job.start();
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(2500);
    // Still running: the periods that came meanwhile did not start a second run.
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });
});
