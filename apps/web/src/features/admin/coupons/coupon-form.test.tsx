import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminCoupon } from '@store/contracts/admin';
import { ApiError } from '#web/lib/api-client.ts';
import { CouponForm, type CouponFormProps } from './coupon-form';

const products = [
  { path: 'pad-mapper', name: 'Pad Mapper' },
  { path: 'loop-kit', name: 'Loop Kit' },
];

const saved: AdminCoupon = {
  id: 7,
  code: 'SPRING-10',
  description: '',
  kind: 'percent',
  percentOff: 10,
  amountOffMinor: null,
  currency: null,
  products: [],
  validFrom: null,
  validUntil: null,
  maxRedemptions: null,
  oncePerCustomer: false,
  active: true,
  uses: 0,
  status: 'active',
  version: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderForm(props: Partial<CouponFormProps> = {}) {
  const onSave = vi.fn<CouponFormProps['onSave']>(props.onSave ?? (() => Promise.resolve({ coupon: saved, currency: 'USD', products })));
  const onReload = vi.fn();
  render(<CouponForm coupon={null} currency="USD" products={products} saving={false} onReload={onReload} {...props} onSave={onSave} />);
  return { onSave, onReload, user: userEvent.setup() };
}

describe('CouponForm', () => {
  it('shows the shared rule beside the field and sends nothing: 101 percent', async () => {
    const { onSave, user } = renderForm();
    await user.type(screen.getByLabelText('Code'), 'spring');
    await user.type(screen.getByLabelText('Percentage off'), '101');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    const field = screen.getByLabelText('Percentage off');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('A percentage is at most 100')).toHaveAttribute('role', 'alert');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses an end before the start, and a code with spaces inside', async () => {
    const { onSave, user } = renderForm();
    await user.type(screen.getByLabelText('Code'), 'two words');
    await user.type(screen.getByLabelText('Percentage off'), '5');
    await user.type(screen.getByLabelText('Starts'), '2030-02-01T10:00');
    await user.type(screen.getByLabelText('Ends'), '2030-01-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText(/A code is 3 to 40 letters/)).toBeInTheDocument();
    expect(screen.getByText('The end must be after the start')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the normalised code, the amount in minor units and the products chosen', async () => {
    const { onSave, user } = renderForm();
    await user.type(screen.getByLabelText('Code'), '  spring-10 ');
    await user.click(screen.getByLabelText(/A fixed amount/));
    await user.type(screen.getByLabelText('Amount off (USD)'), '5.50');
    await user.type(screen.getByLabelText('Find a product'), 'loop');
    expect(screen.queryByText('Pad Mapper')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Loop Kit/ }));
    await user.type(screen.getByLabelText('Uses in total'), '100');
    await user.click(screen.getByLabelText(/Once per customer/));
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).toEqual({
      code: 'SPRING-10',
      description: '',
      kind: 'amount',
      percentOff: null,
      amountOffMinor: 550,
      productPaths: ['loop-kit'],
      validFrom: null,
      validUntil: null,
      maxRedemptions: 100,
      oncePerCustomer: true,
      active: true,
    });
  });

  it("shows the server's field messages beside the fields", async () => {
    const onSave = vi.fn(() =>
      Promise.reject(new ApiError(409, 'HTTP 409', 'A coupon with the code TAKEN exists already.', undefined, { code: 'Another coupon has this code' })),
    );
    const { user } = renderForm({ onSave });
    await user.type(screen.getByLabelText('Code'), 'taken');
    await user.type(screen.getByLabelText('Percentage off'), '10');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Another coupon has this code')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The coupon was not saved')).toBeInTheDocument();
  });

  it('says someone else changed the coupon and offers to reload it', async () => {
    const onSave = vi.fn(() =>
      Promise.reject(
        new ApiError(409, 'HTTP 409', 'This coupon was changed by someone else since you opened it. Reload to see their changes, then make yours again.'),
      ),
    );
    const { user, onReload } = renderForm({ coupon: saved, onSave });
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Spring sale');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = (await screen.findByText('Someone else changed this coupon')).closest('[role="alert"]') ?? document.body;
    expect(within(alert as HTMLElement).getByText(/changed by someone else/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload the coupon' }));
    expect(onReload).toHaveBeenCalledOnce();
  });

  it('keeps the code and discount of a used coupon, and still saves the rest', async () => {
    const { onSave, user } = renderForm({ coupon: { ...saved, uses: 3, maxRedemptions: 3 } });
    expect(screen.getByLabelText('Code')).toHaveAttribute('readonly');
    expect(screen.getByText('Used 3 times: the code can no longer change.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Percentage off')).not.toBeInTheDocument();
    expect(screen.getByText('10% off')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Uses in total'));
    await user.type(screen.getByLabelText('Uses in total'), '10');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ code: 'SPRING-10', kind: 'percent', percentOff: 10, maxRedemptions: 10 });
  });
});
