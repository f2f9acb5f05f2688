import { contentPageList, contentPages } from '@store/content';
import { describe, expect, it } from 'vitest';
import { extractHeadings, slugify } from '#web/components/markdown/headings.ts';
import { parseOrderReference } from './order-reference';
import { formatIsoDate, splitLastUpdated, splitLead, splitQuickLinks } from './page-parts';

describe('splitLastUpdated', () => {
  it('takes the date line off the top', () => {
    expect(splitLastUpdated('Last updated: 2026-11-01\n\nWe want you…')).toEqual({ lastUpdated: '2026-11-01', body: '\nWe want you…' });
  });

  it('leaves other pages alone', () => {
    expect(splitLastUpdated('Intro\n\nLast updated: 2026-11-01')).toEqual({ lastUpdated: null, body: 'Intro\n\nLast updated: 2026-11-01' });
  });
});

describe('formatIsoDate', () => {
  it('writes the date out', () => {
    expect(formatIsoDate('2026-11-01')).toBe('November 1, 2026');
  });

  it('keeps an impossible date as written', () => {
    expect(formatIsoDate('2026-02-31')).toBe('2026-02-31');
  });
});

describe('splitLead', () => {
  it('takes the opening paragraph', () => {
    expect(splitLead('\nWelcome! Most answers are here.\n\n## Quick links\n\n- a')).toEqual({
      lead: 'Welcome! Most answers are here.',
      body: '## Quick links\n\n- a',
    });
  });

  it.each(['## Heading\n\ntext', '- item\n\ntext', '1. step\n\ntext', '| a |\n| - |\n\ntext', '> quote\n\ntext', '```\ncode\n```'])(
    'has no lead when the page opens with a block: %j',
    (markdown) => {
      expect(splitLead(markdown)).toEqual({ lead: null, body: markdown });
    },
  );
});

describe('splitQuickLinks', () => {
  it('reads the support page quick links as cards', async () => {
    const split = splitQuickLinks(await contentPages.support.load());
    expect(split).not.toBeNull();
    expect(split?.before).toMatch(/^Welcome!/);
    expect(split?.after).toMatch(/^## Accounts/);
    expect(split?.links.map((link) => link.title)).toEqual(['Sign up', 'E-mail support', 'Installation instructions', 'User manual', 'Tutorial videos']);
    expect(split?.links[0]).toEqual({
      title: 'Sign up',
      description: 'Make an account using the email address you used for your purchases, and your Orders and Downloads will be waiting for you.',
      action: { label: 'Create your account', href: '/account' },
    });
    expect(split?.links[1]?.action).toBeNull();
    expect(split?.links[1]?.description).toContain('(mailto:{{SUPPORT_EMAIL}})');
    // The manual is the page that names its installation guide.
    const manual = contentPageList.find((page) => page.installationGuide !== undefined);
    expect(split?.links[3]?.action).toEqual({ label: expect.stringMatching(/user manual$/), href: manual?.path });
    expect(split?.links[4]?.action).toEqual({ label: 'Watch on our video channel', href: '{{VIDEO_CHANNEL_URL}}' });
  });

  it('gives up on a section that is not one list of bold-titled items', () => {
    expect(splitQuickLinks('## Quick links\n\nSome text.\n\n- **A.** b')).toBeNull();
    expect(splitQuickLinks('## Quick links\n\n- plain item')).toBeNull();
    expect(splitQuickLinks('## Elsewhere\n\n- **A.** b')).toBeNull();
  });
});

describe('extractHeadings', () => {
  it('lists ATX headings with their ids, skipping fenced code', () => {
    const markdown = [
      '## One',
      '```md',
      '## Not a heading',
      '```',
      '### Two *and* [a link](/x) `code` ##',
      '~~~',
      '# also not',
      '~~~',
      '## One',
      '#### 1. Who we are',
    ].join('\n');
    expect(extractHeadings(markdown)).toEqual([
      { depth: 2, text: 'One', id: 'one' },
      { depth: 3, text: 'Two and a link code', id: 'two-and-a-link-code' },
      { depth: 2, text: 'One', id: 'one-1' },
      { depth: 4, text: '1. Who we are', id: '1-who-we-are' },
    ]);
  });

  it('slugifies to something usable in a URL', () => {
    expect(slugify('Tools: 30 days')).toBe('tools-30-days');
    expect(slugify('Commission d’accès à l’information')).toBe('commission-d-acces-a-l-information');
    expect(slugify('!!!')).toBe('section');
  });
});

describe('parseOrderReference', () => {
  it.each(['SW-12345', 'a', 'ORDER_42', 'A'.repeat(64), 'abcXYZ019-_'])('accepts %j', (value) => {
    expect(parseOrderReference(value)).toBe(value);
  });

  it.each([
    null,
    undefined,
    '',
    'A'.repeat(65),
    'SW 12345',
    ' SW-12345',
    'SW-12345\n',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    'SW-1234%',
    'SW/12345',
    'Ünïcödé',
    'SW‐12345', // a Unicode hyphen
  ])('refuses %j', (value) => {
    expect(parseOrderReference(value)).toBeNull();
  });
});
