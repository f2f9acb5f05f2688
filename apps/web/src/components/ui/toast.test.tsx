import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, toast, TOAST_DEFAULT_MS, Toaster } from './toast';

beforeAll(async () => {
  // A toast's code is loaded once the app runs (Toaster's effect); here, before the fake timers.
  await import('./toast-item');
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('last 5 s by default (account spec §9)', async () => {
    render(<Toaster />);
    await act(async () => void toast({ tone: 'success', title: 'Saved' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');

    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(TOAST_DEFAULT_MS).toBe(5_000);
  });

  it('last as long as asked when told otherwise', async () => {
    render(<Toaster />);
    await act(async () => void toast({ tone: 'error', title: 'Failed', durationMs: 2_000 }));
    act(() => vi.advanceTimersByTime(1_999));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stack at the top right (account spec §9)', () => {
    render(<Toaster />);
    const stack = screen.getByRole('region', { name: 'Notifications' });
    expect(stack).toHaveClass('fixed', 'top-4', 'right-4', 'items-end', 'sm:left-auto');
  });
});
