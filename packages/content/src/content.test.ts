import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contentPages, fillTokens, findContentPageByPath, type ContentSlug } from './index';

const pagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../pages');
const slugs = Object.keys(contentPages) as ContentSlug[];

function readPage(slug: string): string {
  return readFileSync(path.join(pagesDir, `${slug}.md`), 'utf8');
}

/** Markdown with fenced code blocks and code spans removed, so literal examples are not checked as prose. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Every inline link or image target, plus reference-style link definitions. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/\]\(\s*([^)\s]*)(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');
  const references = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1] ?? '');
  return [...inline, ...references];
}

const STORE_ROUTES = new Set([...Object.values(contentPages).map((page) => page.path), '/products', '/account', '/cart', '/checkout']);
const PRODUCT_ROUTE = /^\/products\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

const EMAIL_TOKENS = new Set(['{{CONTACT_EMAIL}}', '{{SUPPORT_EMAIL}}', '{{PRIVACY_EMAIL}}']);
/** Tokens that stand for a whole https: address from the store's configuration. */
const URL_TOKENS = new Set(['{{VIDEO_CHANNEL_URL}}']);
const KNOWN_TOKENS = new Set(['{{STORE_NAME}}', ...EMAIL_TOKENS, ...URL_TOKENS]);

describe('content page registry', () => {
  it('registers the ten pages with the expected paths and titles', () => {
    expect(Object.fromEntries(slugs.map((slug) => [contentPages[slug].path, contentPages[slug].title]))).toEqual({
      '/about': 'About Us',
      '/support': 'Support Center',
      '/privacy-policy': 'Privacy Policy',
      '/refund-policy': 'Refund Policy',
      '/terms-and-conditions': 'Terms and Conditions',
      '/marketing-policy': 'Marketing Policy',
      '/cookie-policy': 'Cookie Policy',
      '/remidi-4-installation': 'reMIDI 4 Installation',
      '/user-manuals': 'User Manuals',
      '/user-manuals/remidi-4-user-manual': 'reMIDI 4 User Manual',
    });
  });

  it.each(slugs)('%s: slug matches its key, description is specific and at most 155 characters', (slug) => {
    const page = contentPages[slug];
    expect(page.slug).toBe(slug);
    expect(page.description.length).toBeGreaterThan(40);
    expect(page.description.length).toBeLessThanOrEqual(155);
  });

  it('has a registered page for every Markdown file, and a file for every page', () => {
    const files = readdirSync(pagesDir)
      .filter((name) => name.endsWith('.md'))
      .map((name) => name.slice(0, -3))
      .sort();
    expect(files).toEqual([...slugs].sort());
  });

  it('finds pages by path', () => {
    expect(findContentPageByPath('/user-manuals/remidi-4-user-manual')?.slug).toBe('remidi-4-user-manual');
    expect(findContentPageByPath('/support/')?.slug).toBe('support');
    expect(findContentPageByPath('/nope')).toBeUndefined();
  });
});

describe.each(slugs)('page %s', (slug) => {
  const file = path.join(pagesDir, `${slug}.md`);

  it('exists and is not empty', () => {
    expect(existsSync(file)).toBe(true);
    expect(readPage(slug).trim().length).toBeGreaterThan(200);
  });

  it('has no placeholder text, no H1 and no hard-coded store name', () => {
    const markdown = readPage(slug);
    expect(markdown).not.toMatch(/lorem|ipsum|TODO|TBD|xxx/i);
    expect(withoutCode(markdown)).not.toMatch(/^#(?!#)/m);
    expect(markdown).not.toMatch(/SongWish/);
  });

  it('has no raw HTML tags, comments or images', () => {
    const text = withoutCode(readPage(slug));
    expect(text).not.toMatch(/<\/?[a-zA-Z][\w-]*(?:\s[^<>]*)?\/?>/);
    expect(text).not.toMatch(/<!--/);
    expect(text).not.toMatch(/!\[/);
  });

  it('uses only known tokens', () => {
    const tokens = readPage(slug).match(/\{\{[^}]*\}\}/g) ?? [];
    for (const token of tokens) expect(KNOWN_TOKENS, token).toContain(token);
  });

  it('links only to store routes, mailto: token addresses, https: pages or configured addresses', () => {
    const targets = linkTargets(readPage(slug));
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) {
      if (target.startsWith('/')) {
        expect(STORE_ROUTES.has(target) || PRODUCT_ROUTE.test(target), `unknown store route ${target}`).toBe(true);
      } else if (target.startsWith('mailto:')) {
        expect(EMAIL_TOKENS, `mailto target ${target}`).toContain(target.slice('mailto:'.length));
      } else if (target.startsWith('{{')) {
        expect(URL_TOKENS, `link target ${target}`).toContain(target);
      } else {
        expect(target, `link target ${target}`).toMatch(/^https:\/\/[^\s]+$/);
      }
    }
  });

  it('writes every email address as a mailto link of the same token', () => {
    const markdown = readPage(slug);
    const bare = markdown.replace(/\[(\{\{[A-Z_]+\}\})\]\(mailto:\1\)/g, '');
    for (const token of EMAIL_TOKENS) expect(bare, `${token} outside a mailto link`).not.toContain(token);
    expect(markdown).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
  });
});

describe('required facts', () => {
  it('the reMIDI 4 manual states the key facts and limits', () => {
    const manual = readPage('remidi-4-user-manual');
    for (const fact of [
      '128',
      '8 pages',
      '16 MIDI channels',
      '16 pad colours',
      '50%',
      '200%',
      '0.0',
      '1.2',
      '1.0',
      '/2',
      'x2',
      '127',
      'channel 1',
      'channel 16',
      'red',
      '-1',
      '+1',
      '30',
      'up to 3 computers',
      'reMIDI 3 is free',
      '85% off',
      'Global Sum Channels',
      'Preview Sum Channels',
    ]) {
      expect(manual, fact).toContain(fact);
    }
    expect(manual).toMatch(/\(\/remidi-4-installation\)/);
    expect(manual.trimStart().split('\n')[0]).toContain('(/remidi-4-installation)');
    expect(manual).toMatch(/\| *Parameter *\| *Range *\| *Default *\|/);
    for (const section of [
      'Overview',
      'The pad grid',
      'The editor',
      'Editor tools',
      'The keys display',
      'Settings',
      'DAW routing',
      'Keyboard shortcuts',
      'Licensing',
      'Troubleshooting',
    ]) {
      expect(manual, section).toMatch(new RegExp(`^## ${section}$`, 'm'));
    }
  });

  it('the refund policy states the window, the delay and the deactivation condition', () => {
    const refund = readPage('refund-policy');
    expect(refund).toContain('30 days');
    expect(refund).toContain('7–10 business days');
    expect(refund).toMatch(/deactivate the licence on all computers/);
    expect(refund).toMatch(/original payment method/);
    expect(refund).toMatch(/Last updated: \d{4}-\d{2}-\d{2}/);
  });

  it('the privacy policy states retention, parental consent and the date', () => {
    const privacy = readPage('privacy-policy');
    expect(privacy).toContain('one year');
    expect(privacy).toContain('14');
    expect(privacy).toContain('Québec');
    expect(privacy).toContain('information related to decisions (for example, refund or licence decisions) is kept for at least one year');
    expect(privacy).toContain('In Québec, we do not collect personal information from children under 14 without the consent of a parent or guardian');
    expect(privacy).toMatch(/^Last updated: \d{4}-\d{2}-\d{2}$/m);
    expect(privacy).toContain('(/cookie-policy)');
    expect(privacy).toContain('mailto:{{PRIVACY_EMAIL}}');
  });

  it('the support page has its quick links', () => {
    const support = readPage('support');
    expect(support).toContain('## Quick links');
    // The sign-up card's action names the account; the page turns it into sign-up for a signed-out shopper.
    expect(support).toMatch(/^- \*\*Sign up\.\*\* .*: \[Create your account\]\(\/account\)\.$/m);
    expect(support).toContain('[{{SUPPORT_EMAIL}}](mailto:{{SUPPORT_EMAIL}})');
    expect(support).toContain('(/remidi-4-installation)');
    expect(support).toContain('(/user-manuals/remidi-4-user-manual)');
    expect(support).toMatch(/^- \*\*Tutorial videos\.\*\* .*: \[[^\]]+\]\(\{\{VIDEO_CHANNEL_URL\}\}\)\.$/m);
    expect(support).toContain('24 hours');
    expect(support).toContain('up to 3 computers');
  });

  it('the installation page has both platforms and the plugin folders', () => {
    const install = readPage('remidi-4-installation');
    for (const heading of ['## macOS', '## Windows', '## Activating your licence', '## Updating', '## Uninstalling', '## Troubleshooting']) {
      expect(install).toMatch(new RegExp(`^${heading}$`, 'm'));
    }
    expect(install).toContain('/Library/Audio/Plug-Ins/VST3');
    expect(install).toContain('/Library/Audio/Plug-Ins/Components');
    expect(install).toContain('C:\\Program Files\\Common Files\\VST3');
    expect(install).toContain('(/user-manuals/remidi-4-user-manual)');
  });
});

describe('fillTokens', () => {
  const values = {
    STORE_NAME: 'SongWish',
    CONTACT_EMAIL: 'hello@example.com',
    SUPPORT_EMAIL: 'support@example.com',
    PRIVACY_EMAIL: 'privacy@example.com',
    VIDEO_CHANNEL_URL: 'https://video.example/@store',
  };

  it('replaces every occurrence of every token', () => {
    const text = '{{STORE_NAME}} / [{{SUPPORT_EMAIL}}](mailto:{{SUPPORT_EMAIL}}) / {{CONTACT_EMAIL}} / {{PRIVACY_EMAIL}} / {{STORE_NAME}}';
    expect(fillTokens(text, values)).toBe('SongWish / [support@example.com](mailto:support@example.com) / hello@example.com / privacy@example.com / SongWish');
  });

  it('leaves unknown tokens and non-tokens as they are', () => {
    expect(fillTokens('{{UNKNOWN}} {{ STORE_NAME }} {STORE_NAME} {{toString}}', values)).toBe('{{UNKNOWN}} {{ STORE_NAME }} {STORE_NAME} {{toString}}');
  });

  it('inserts values literally', () => {
    expect(fillTokens('{{STORE_NAME}}', { ...values, STORE_NAME: '$& $1 Store' })).toBe('$& $1 Store');
  });

  it('leaves no known token in any filled page', () => {
    for (const slug of slugs) expect(fillTokens(readPage(slug), values)).not.toMatch(/\{\{[A-Z_]+\}\}/);
  });
});
