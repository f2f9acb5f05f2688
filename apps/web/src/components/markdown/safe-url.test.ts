import { describe, expect, it } from 'vitest';
import { isExternalWebUrl, isInternalPath, safeMarkdownUrl } from './safe-url';

describe('safeMarkdownUrl', () => {
  it.each([
    // The six allowed schemes (docs/behaviour/content-pages.md#markdown-links), in any case.
    ['https://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
    ['mailto:support@example.com', 'mailto:support@example.com'],
    ['MailTo:support@example.com?subject=Order', 'MailTo:support@example.com?subject=Order'],
    ['irc://irc.example.net/channel', 'irc://irc.example.net/channel'],
    ['ircs://irc.example.net:6697/channel', 'ircs://irc.example.net:6697/channel'],
    ['xmpp:someone@example.com', 'xmpp:someone@example.com'],
    // Relative to the store.
    ['/support', '/support'],
    ['/products/pad-mapper?coupon=X#media', '/products/pad-mapper?coupon=X#media'],
    ['/', '/'],
    ['#licensing', '#licensing'],
    ['?order=SW-1', '?order=SW-1'],
    ['/a:b', '/a:b'],
    ['#x:y', '#x:y'],
    // Spaces around the URL are dropped.
    ['  /support  ', '/support'],
    ['\u0000\u001f https://example.com', 'https://example.com'],
    ['/support\u0000\u0008', '/support'],
    // Protocol-relative URLs go to another site: they become explicit https links.
    ['//evil.com', 'https://evil.com'],
    ['//evil.com/path?q=1', 'https://evil.com/path?q=1'],
    ['/\\evil.com', 'https://evil.com'],
    ['\\\\evil.com', 'https://evil.com'],
    ['///evil.com', 'https://evil.com'],
    [' /\t/evil.com', 'https://evil.com'],
  ])('allows %j as %j', (input, expected) => {
    expect(safeMarkdownUrl(input)).toBe(expected);
  });

  it.each([
    // Dangerous schemes, however they are written.
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    '\u0000javascript:alert(1)',
    '\u0001\u0002javascript:alert(1)',
    '\u0020\u000bjavascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\r\nscript:alert(1)',
    'javascript\t:alert(1)',
    'java\u0000script:alert(1)',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'Data:image/svg+xml,<svg onload=alert(1)>',
    'file:///etc/passwd',
    'FILE://c:/windows',
    // Schemes that are not on the list.
    'ftp://example.com',
    'tel:+15555550100',
    'sms:+15555550100',
    'blob:https://example.com/uuid',
    'chrome://settings',
    'steam://run/1',
    'intent://x#Intent;end',
    // Entities are not decoded again here; undecoded they are only a path-relative URL.
    'javascript&#58;alert(1)',
    'javascript&colon;alert(1)',
    '&#106;avascript:alert(1)',
    // Percent-encoding hides nothing: no scheme, not store-relative.
    'javascript%3Aalert(1)',
    // Look-alike colon (full-width) is not a scheme separator: path-relative.
    'javascript\uff1aalert(1)',
    // Path-relative URLs depend on the page they are on.
    'support',
    './support',
    '../support',
    'example.com',
    'www.example.com',
    // A single backslash path.
    '\\support',
    // Nothing.
    '',
    '   ',
    '\t\n',
    '//',
    '\\\\',
    // Control characters inside.
    '/sup\u0000port',
    '/sup\u0007port',
    'https://exa\u007fmple.com',
  ])('refuses %j', (input) => {
    expect(safeMarkdownUrl(input)).toBeNull();
  });
});

describe('link kinds', () => {
  it('tells store paths from other links', () => {
    expect(isInternalPath('/support')).toBe(true);
    expect(isInternalPath('//evil.com')).toBe(false);
    expect(isInternalPath('?page=2')).toBe(true);
    expect(isInternalPath('#top')).toBe(false);
    expect(isInternalPath('https://example.com')).toBe(false);
  });

  it('tells web pages of other sites from other links', () => {
    expect(isExternalWebUrl('https://example.com')).toBe(true);
    expect(isExternalWebUrl('HTTP://example.com')).toBe(true);
    expect(isExternalWebUrl('mailto:a@example.com')).toBe(false);
    expect(isExternalWebUrl('/https://x')).toBe(false);
  });
});
