import { describe, expect, it } from 'vitest';
import { isSafeMarkdownUrl, renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders headings from h2 down, or from h3 when nested', () => {
    expect(renderMarkdown('# Top\n\n## Section\n\n### Sub')).toBe('<h2>Top</h2>\n<h2>Section</h2>\n<h3>Sub</h3>\n');
    expect(renderMarkdown('## Fixed\n\n### Details', { topHeading: 3 })).toBe('<h3>Fixed</h3>\n<h4>Details</h4>\n');
  });

  it('keeps allowed links, opening other sites in a new tab', () => {
    const html = renderMarkdown(
      '[manual](/user-manuals/remidi-4-user-manual) [site](https://example.com) [mail](mailto:a@example.com) [chat](xmpp:me@example.com) [irc](ircs://irc.example.com)',
    );
    expect(html).toContain('<a href="/user-manuals/remidi-4-user-manual">manual</a>');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a>');
    expect(html).toContain('<a href="mailto:a@example.com">mail</a>');
    expect(html).toContain('<a href="xmpp:me@example.com">chat</a>');
    expect(html).toContain('<a href="ircs://irc.example.com">irc</a>');
  });

  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', 'ftp://example.com', '//evil.example.com'])(
    'turns a link to %s into plain text',
    (url) => {
      const html = renderMarkdown(`Click [this trick](${url}) now`);
      expect(html).toBe('<p>Click this trick now</p>\n');
    },
  );

  it("keeps '/\\host' on this site: the backslash is percent-encoded, so browsers read a path", () => {
    expect(renderMarkdown('[x](/\\evil.example.com)')).toContain('href="/%5Cevil.example.com"');
  });

  it('escapes raw HTML instead of rendering it', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\nText with <b>bold</b> and <img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|<b>|<img/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('keeps images from this site only', () => {
    expect(renderMarkdown('![pads](/media/pads.png)')).toContain('<img src="/media/pads.png" alt="pads" loading="lazy">');
    expect(renderMarkdown('![tracker](https://evil.example.com/pixel.gif)')).not.toContain('<img');
  });

  it('renders tables and lists', () => {
    const html = renderMarkdown('| a | b |\n| - | - |\n| 1 | 2 |\n\n- one\n- two');
    expect(html).toContain('<table>');
    expect(html).toContain('<li>one</li>');
  });
});

describe('isSafeMarkdownUrl', () => {
  it('ignores control characters and spaces the way browsers do', () => {
    expect(isSafeMarkdownUrl('java\tscript:alert(1)')).toBe(false);
    expect(isSafeMarkdownUrl(' javascript:alert(1)')).toBe(false);
    expect(isSafeMarkdownUrl('/support#contact')).toBe(true);
    expect(isSafeMarkdownUrl('#top')).toBe(true);
    expect(isSafeMarkdownUrl('')).toBe(false);
  });
});
