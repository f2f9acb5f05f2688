import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductCartButton, productCartButtonLabel } from './product-cart-button';

function deferred() {
  let resolve!: (ok: boolean) => void;
  const promise = new Promise<boolean>((done) => (resolve = done));
  return { promise, resolve };
}

/** The button over a cart whose quantity follows the (controllable) add and remove answers. */
function Harness({
  ready = true,
  initial = 0,
  add,
  remove,
}: {
  ready?: boolean;
  initial?: number;
  add: () => Promise<boolean>;
  remove: () => Promise<boolean>;
}) {
  const [quantity, setQuantity] = useState(initial);
  return (
    <ProductCartButton
      productName="Pad Mapper"
      ready={ready}
      quantity={quantity}
      onAdd={async () => {
        const ok = await add();
        if (ok) setQuantity((value) => value + 1);
        return ok;
      }}
      onRemove={async () => {
        const ok = await remove();
        if (ok) setQuantity(0);
        return ok;
      }}
    />
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A click, with the answers it starts settled (fake timers and user-event do not mix well). */
async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

describe('productCartButtonLabel (docs/behaviour/cart.md#product-card-button)', () => {
  it.each([
    [{ ready: false, quantity: 0, phase: 'idle' }, 'Loading...'],
    [{ ready: false, quantity: 2, phase: 'processing' }, 'Loading...'],
    [{ ready: true, quantity: 0, phase: 'idle' }, 'Add to Cart'],
    [{ ready: true, quantity: 1, phase: 'idle' }, 'Remove from Cart'],
    [{ ready: true, quantity: 2, phase: 'idle' }, 'Remove from Cart (2)'],
    [{ ready: true, quantity: 1, phase: 'processing' }, 'Processing...'],
    [{ ready: true, quantity: 0, phase: 'removed' }, 'Removed!'],
    [{ ready: true, quantity: 1, phase: 'added' }, 'Added!'],
  ] as const)('%j → %s', (state, label) => {
    expect(productCartButtonLabel(state)).toBe(label);
  });
});

describe('ProductCartButton', () => {
  it("is a disabled 'Loading...' until the provider is ready", () => {
    render(<Harness ready={false} add={vi.fn()} remove={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  });

  it("adds: 'Processing...' (disabled), then the added flag for 2 s, then 'Remove from Cart'", async () => {
    const answer = deferred();
    const add = vi.fn(() => answer.promise);
    render(<Harness add={add} remove={vi.fn()} />);
    await click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(add).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();

    await act(async () => answer.resolve(true));
    expect(screen.getByRole('button', { name: 'Added!' })).toBeEnabled();
    expect(screen.getByText('Added Pad Mapper to your cart.')).toHaveClass('sr-only');

    await act(async () => vi.advanceTimersByTime(1_999));
    expect(screen.getByRole('button', { name: 'Added!' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Remove from Cart' })).toBeEnabled();
  });

  it("removes: 'Processing...', then 'Removed!' for 2 s, then 'Add to Cart'", async () => {
    const answer = deferred();
    const remove = vi.fn(() => answer.promise);
    render(<Harness initial={2} add={vi.fn()} remove={remove} />);
    await click(screen.getByRole('button', { name: 'Remove from Cart (2)' }));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => answer.resolve(true));
    expect(screen.getByRole('button', { name: 'Removed!' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
  });

  it('says so when adding fails, and goes back to Add to Cart', async () => {
    render(<Harness add={vi.fn(async () => false)} remove={vi.fn()} />);
    await click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(screen.getByText("We couldn't add Pad Mapper to your cart. Please try again.")).toBeVisible();
  });

  it('says so when removing fails', async () => {
    render(<Harness initial={1} add={vi.fn()} remove={vi.fn(async () => false)} />);
    await click(screen.getByRole('button', { name: 'Remove from Cart' }));
    expect(screen.getByRole('button', { name: 'Remove from Cart' })).toBeEnabled();
    expect(screen.getByText("We couldn't remove Pad Mapper from your cart. Please try again.")).toBeVisible();
  });

  it('clears an earlier error on the next try', async () => {
    const add = vi.fn<() => Promise<boolean>>().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    render(<Harness add={add} remove={vi.fn()} />);
    await click(screen.getByRole('button', { name: 'Add to Cart' }));
    await click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.queryByText(/couldn't add/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Added!' })).toBeInTheDocument();
  });

  it('stops its timer when it goes away', async () => {
    const { unmount } = render(<Harness add={vi.fn(async () => true)} remove={vi.fn()} />);
    await click(screen.getByRole('button', { name: 'Add to Cart' }));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
