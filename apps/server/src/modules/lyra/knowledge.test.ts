import { describe, expect, it } from 'vitest';
import { contentPageList, fillTokens } from '@store/content';
import { extractHeadings } from '@store/content/headings';
import { productFactsFixture } from '#server-test/product-facts-fixture.ts';
import { chunkParagraphs, pagePassages, productPassages } from './knowledge';
import { wordCount } from './text';

describe('knowledge passages', () => {
  it('cuts a page along its headings, each passage linking to its heading anchor', () => {
    const passages = pagePassages({
      path: '/refund-policy',
      title: 'Refund Policy',
      markdown:
        'Intro text.\n\n## At a glance\n\n- **30 days** to ask.\n\n## Plugins: 30 days\n\nAsk within 30 days.\n\n### Details\n\nMore.\n\n## At a glance\n\nAgain.',
    });
    expect(passages.map(({ title, url, headings }) => ({ title, url, headings }))).toEqual([
      { title: 'Refund Policy', url: '/refund-policy', headings: '' },
      { title: 'Refund Policy: At a glance', url: '/refund-policy#at-a-glance', headings: 'At a glance' },
      { title: 'Refund Policy: Plugins: 30 days', url: '/refund-policy#plugins-30-days', headings: 'Plugins: 30 days' },
      { title: 'Refund Policy: Details', url: '/refund-policy#details', headings: 'Plugins: 30 days · Details' },
      { title: 'Refund Policy: At a glance', url: '/refund-policy#at-a-glance-1', headings: 'At a glance' },
    ]);
    expect(passages[1]!.text).toBe('30 days to ask.');
  });

  it('links every passage of every content page to a heading the page really has', async () => {
    const tokens = { STORE_NAME: 'Store', CONTACT_EMAIL: 'a@b.c', SUPPORT_EMAIL: 'help@b.c', PRIVACY_EMAIL: 'p@b.c', VIDEO_CHANNEL_URL: 'https://v.example' };
    for (const page of contentPageList) {
      const markdown = fillTokens(await page.load(), tokens);
      const ids = extractHeadings(markdown).map((heading) => heading.id);
      const passages = pagePassages({ path: page.path, title: page.title, markdown });
      expect(passages.length, page.path).toBeGreaterThan(0);
      for (const passage of passages) {
        const [path, anchor] = passage.url.split('#');
        expect(path).toBe(page.path);
        if (anchor !== undefined) expect(ids).toContain(anchor);
        expect(passage.text).not.toMatch(/\{\{[A-Z_]+\}\}/);
        expect(wordCount(passage.text)).toBeLessThanOrEqual(400);
      }
    }
  });

  it('cuts a long section at paragraph ends into passages of at most about 300 words', () => {
    const paragraph = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    const chunks = chunkParagraphs([paragraph, paragraph, paragraph].join('\n\n'));
    expect(chunks).toHaveLength(2);
    expect(chunks.every((chunk) => wordCount(chunk) <= 300)).toBe(true);
  });

  it('describes a product by its price to pay, deal, licence seats and release', () => {
    const facts0 = productFactsFixture({
      licenceSeats: 3,
      path: 'some-plugin',
      display: 'Some Plugin',
      price: '$29.00',
      priceValue: 29,
      total: '$23.20',
      totalValue: 23.2,
      description: { summary: '<p>A <strong>fine</strong> plugin.</p>' },
      attributes: { live: 'true', category: 'Plugins', download: 'true' },
      discount: { reason: 'Launch offer' },
      discountPercent: '20%',
      latestVersion: { version: '1.2.0', releasedAt: '2026-01-02T00:00:00.000Z', changelog: '', changelogHtml: '', files: [] },
    });
    const [facts] = productPassages(facts0);
    expect(facts).toMatchObject({ title: 'Some Plugin', url: '/products/some-plugin', productPath: 'some-plugin' });
    expect(facts!.text).toContain('Some Plugin: A fine plugin.');
    expect(productPassages({ licenceSeats: 1, detail: { ...facts0.detail, description: { summary: '<p>Some Plugin is fine.</p>' } } })[0]!.text).toMatch(
      /^Some Plugin is fine\.\n.*\nOne Some Plugin licence activates on one computer\./,
    );
    expect(facts!.text).toContain('Deal: Some Plugin costs $23.20 instead of $29.00, 20% off (Launch offer).');
    expect(facts!.text).toContain('One Some Plugin licence activates on up to 3 computers.');
    expect(facts!.text).toContain('The latest version of Some Plugin is 1.2.0, released 2026-01-02.');
  });
});
