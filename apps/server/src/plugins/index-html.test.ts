import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { renderIndexHtml, summaryToDescription } from './index-html';

const TEMPLATE = '<html><head><title>Old</title><meta name="description" content="Old" /></head><body></body></html>';
const config = loadConfig({ STORE_NAME: 'Quotes "&" <Co>' }).publicConfig;

describe('renderIndexHtml', () => {
  it('escapes everything it writes into attributes and the title', () => {
    const html = renderIndexHtml(TEMPLATE, config, {
      title: '<script>alert(1)</script>',
      description: '" onload="x',
      url: 'http://x/?a=1&b=2',
      type: 'website',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).toContain('content="&quot; onload=&quot;x"');
    expect(html).toContain('Quotes &quot;&amp;&quot; &lt;Co&gt;');
    expect(html).toContain('a=1&amp;b=2');
  });

  it('replaces the default title and description rather than adding second ones', () => {
    const html = renderIndexHtml(TEMPLATE, config, { title: 'New', description: 'Fresh', url: 'http://x/', type: 'product' });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:type" content="product" />');
  });
});

describe('summaryToDescription', () => {
  it('turns summary HTML into plain text of at most 160 characters', () => {
    expect(summaryToDescription('<p><strong>reMIDI</strong> &amp; friends</p>')).toBe('reMIDI & friends');
    const long = summaryToDescription(`<p>${'word '.repeat(60)}</p>`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('…')).toBe(true);
  });
});
