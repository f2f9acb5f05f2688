import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes the five characters that can end text or an attribute, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
    expect(escapeHtml('reMIDI 4 — $79 · ünïcode')).toBe('reMIDI 4 — $79 · ünïcode');
  });

  it('escapes an ampersand once, so escaped text shows as typed', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
