import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpgradeOfferForm, type UpgradeOfferFormProps } from './upgrade-offer-form';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const OFFERS = [
  { fromName: 'Pad Mapper 3', percentOff: 100 },
  { fromName: 'Pad Mapper 2', percentOff: 85 },
];
const COUPON = { couponCode: 'UPG-ABCDEFGHJKLMNPQRSTUV', percentOff: 100, fromName: 'Pad Mapper 3', product: 'pad-mapper-4' };

function renderForm(overrides: Partial<UpgradeOfferFormProps> = {}) {
  const onAccepted = vi.fn<UpgradeOfferFormProps['onAccepted']>(async () => ({ ok: true }));
  render(
    <MemoryRouter>
      <UpgradeOfferForm productPath="pad-mapper-4" productName="Pad Mapper 4" offers={OFFERS} onAccepted={onAccepted} cartHref="/cart" {...overrides} />
    </MemoryRouter>,
  );
  return { onAccepted };
}

async function openAndApply(key: string) {
  await userEvent.click(screen.getByText('Upgrading from Pad Mapper 3 or Pad Mapper 2?'));
  const field = screen.getByRole('textbox', { name: 'Your Pad Mapper 3 or Pad Mapper 2 licence key' });
  if (key) await userEvent.type(field, key);
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
  return field;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('UpgradeOfferForm', () => {
  it('names the old products from the offers and their prices', async () => {
    renderForm();
    await userEvent.click(screen.getByText('Upgrading from Pad Mapper 3 or Pad Mapper 2?'));
    expect(screen.getByText('Pad Mapper 4 is free for Pad Mapper 3 owners.')).toBeVisible();
    expect(screen.getByText('Pad Mapper 2 owners get 85% off.')).toBeVisible();
  });

  it('asks for the key, puts the product and its coupon in the cart, and links to the cart', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(COUPON, 201));
    const { onAccepted } = renderForm();
    await openAndApply('  pm3-demo-1 ');
    expect(await screen.findByRole('status')).toHaveTextContent('Pad Mapper 3 licence accepted: 100% off Pad Mapper 4');
    expect(screen.getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/licensing/upgrade-coupons');
    expect(JSON.parse(String(init!.body))).toEqual({ product: 'pad-mapper-4', legacyKey: '  pm3-demo-1 ' });
    expect(onAccepted).toHaveBeenCalledWith(COUPON);
  });

  it("shows the store's refusal beside the field and adds nothing to the cart", async () => {
    const message = 'This licence key has already been upgraded.';
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ error: 'Conflict', message, fields: { legacyKey: message } }, 409));
    const { onAccepted } = renderForm();
    const field = await openAndApply('PM3-USED');
    expect(await screen.findByText(message)).toHaveAttribute('id', field.getAttribute('aria-describedby'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onAccepted).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
  });

  it('says what to do when the store cannot be reached, or the field is empty', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderForm();
    await openAndApply('');
    expect(screen.getByText('Enter the licence key from your Pad Mapper 3 or Pad Mapper 2 email.')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox'), 'PM3-1');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText("We couldn't check your licence key. Check your connection and press Apply again.")).toBeVisible();
  });

  it('shows progress while it works, and a cart that refuses the coupon', async () => {
    let answer!: (response: Response) => void;
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderForm({ onAccepted: async () => ({ ok: false, message: 'The promo code could not be applied.' }) });
    await openAndApply('PM3-1');
    expect(screen.getByRole('button', { name: 'Applying...' })).toBeDisabled();
    expect(screen.getByText('Checking your licence key…')).toBeVisible();
    answer(json(COUPON));
    expect(
      await screen.findByText(
        'Your licence key was accepted, but your cart could not take the upgrade: The promo code could not be applied. Press Apply again.',
      ),
    ).toBeVisible();
  });
});
