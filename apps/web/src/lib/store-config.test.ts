import { afterEach, describe, expect, it, vi } from 'vitest';

/** Loads the module afresh after writing `config` into the page's tag, as the server does. */
async function loadWith(config: unknown) {
  vi.resetModules();
  document.head.innerHTML = `<meta name="store-config" content='${JSON.stringify(config)}'>`;
  const { storeConfig } = await import('./store-config');
  const money = await import('@store/contracts/money');
  return { storeConfig, money };
}

afterEach(() => {
  document.head.innerHTML = '';
  vi.restoreAllMocks();
});

describe('storeConfig', () => {
  it('writes zero as the server wrote it, without building a number formatter while the page loads', async () => {
    const formatter = vi.spyOn(Intl, 'NumberFormat');
    const { storeConfig, money } = await loadWith({ currency: 'EUR', zeroPrice: '0,00 €' });
    expect(storeConfig.zeroPrice).toBe('0,00 €');
    expect(money.zeroMoney('EUR')).toBe('0,00 €');
    expect(money.formatMoney(0, 'EUR')).toBe('0,00 €');
    expect(money.isUnderOneUnitText('0,00 €', 'EUR')).toBe(true);
    expect(formatter).not.toHaveBeenCalled();
  });

  it('writes zero itself in a page whose tag names a currency without saying how zero is written', async () => {
    const { storeConfig } = await loadWith({ currency: 'JPY' });
    expect(storeConfig.zeroPrice).toBe('¥0');
  });
});
