import { describe, expect, it } from 'vitest';
import { isPopupStorefront } from './sbl';

describe('isPopupStorefront', () => {
  it('tells a popup storefront by its popup- path (storefront spec §4)', () => {
    expect(isPopupStorefront('songwish.test.onfastspring.com/popup-songwish')).toBe(true);
    expect(isPopupStorefront('https://songwish.onfastspring.com/popup-songwish')).toBe(true);
    expect(isPopupStorefront('songwish.test.onfastspring.com/embedded-songwish')).toBe(false);
    expect(isPopupStorefront('localhost/sandbox')).toBe(false);
    // Only the path counts, not a host that happens to start with 'popup-'.
    expect(isPopupStorefront('popup-shop.example/embedded')).toBe(false);
  });
});
