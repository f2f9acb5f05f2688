import { contentPages, fillTokens, type ContentSlug } from '@store/content';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { extractHeadings } from './headings';
import { Markdown } from './markdown';

function renderMarkdown(markdown: string) {
  return render(
    <MemoryRouter>
      <Markdown>{markdown}</Markdown>
    </MemoryRouter>,
  );
}

describe('Markdown links', () => {
  it('renders store paths as router links', async () => {
    function Where() {
      return <p data-testid="where">{useLocation().pathname}</p>;
    }
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <Markdown>{'See the [support page](/support).'}</Markdown>
              <Where />
            </>
          ),
        },
      ],
      { initialEntries: ['/about'] },
    );
    render(<RouterProvider router={router} />);

    const link = screen.getByRole('link', { name: 'support page' });
    expect(link).toHaveAttribute('href', '/support');
    expect(link).not.toHaveAttribute('target');
    await userEvent.click(link);
    // A client-side navigation: the router moved without a page load.
    expect(screen.getByTestId('where')).toHaveTextContent('/support');
  });

  it('opens other sites in a new tab without access to this page', () => {
    renderMarkdown('Our [video channel](https://video.example/@store).');
    const link = screen.getByRole('link', { name: /video channel/ });
    expect(link).toHaveAttribute('href', 'https://video.example/@store');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName('video channel (opens in a new tab)');
  });

  it.each([
    ['mailto', '[Email us](mailto:support@store.example)', 'mailto:support@store.example'],
    ['xmpp', '[Chat](xmpp:team@store.example)', 'xmpp:team@store.example'],
    ['irc', '[IRC](irc://irc.example.net/store)', 'irc://irc.example.net/store'],
    ['ircs', '[IRC over TLS](ircs://irc.example.net/store)', 'ircs://irc.example.net/store'],
    ['anchor', '[Licensing](#licensing)', '#licensing'],
    ['query', '[Page 2](?page=2)', '/?page=2'],
  ])('keeps %s links', (_kind, markdown, href) => {
    renderMarkdown(markdown);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', href);
    expect(link).not.toHaveAttribute('target');
  });

  it('turns a protocol-relative link into an external https link', () => {
    renderMarkdown('[elsewhere](//other.example/page)');
    const link = screen.getByRole('link', { name: /elsewhere/ });
    expect(link).toHaveAttribute('href', 'https://other.example/page');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it.each([
    ['javascript', '[click me](javascript:alert(1))'],
    ['mixed case', '[click me](JaVaScRiPt:alert(1))'],
    ['numeric entity', '[click me](&#106;avascript:alert(1))'],
    ['named entity', '[click me](javascript&colon;alert(1))'],
    ['hex entity with tab', '[click me](java&#x09;script:alert(1))'],
    ['data', '[click me](data:text/html;base64,PHNjcmlwdD4=)'],
    ['vbscript', '[click me](vbscript:msgbox(1))'],
    ['file', '[click me](file:///etc/passwd)'],
    ['unknown scheme', '[click me](steam://run/1)'],
    ['path-relative', '[click me](support)'],
    ['reference definition', '[click me][x]\n\n[x]: javascript:alert(1)'],
    ['autolink', '<javascript:alert(1)> click me'],
  ])('shows a %s link as text only', (_kind, markdown) => {
    const { container } = renderMarkdown(markdown);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.querySelector('[href]')).toBeNull();
    expect(container).toHaveTextContent(/click me/);
  });

  it('drops unsafe image sources', () => {
    const { container } = renderMarkdown('![x](javascript:alert(1)) ![y](data:image/png;base64,AAAA)');
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('Markdown HTML', () => {
  it('does not render raw HTML, as elements or as text', () => {
    const { container } = renderMarkdown(
      'Hello <script>window.pwned = true</script><img src=x onerror="alert(1)"> <b>bold</b> <a href="javascript:alert(1)">link</a>\n\n<div onclick="alert(1)">block</div>',
    );
    expect(container.querySelector('script, img, b, [onclick], [onerror]')).toBeNull();
    // Only the component's own wrapper: the HTML block is gone.
    expect(container.querySelectorAll('div')).toHaveLength(1);
    expect(container.querySelector('[href]')).toBeNull();
    expect(container.innerHTML).not.toMatch(/script|onerror|onclick/);
    expect(container).toHaveTextContent('Hello');
  });
});

describe('Markdown heading levels', () => {
  it('starts at h2 by default and one lower when nested under a section', () => {
    const { container, unmount } = render(
      <MemoryRouter>
        <Markdown>{'# Top\n\n## Section\n\n### Sub'}</Markdown>
      </MemoryRouter>,
    );
    expect([...container.querySelectorAll('h1,h2,h3,h4,h5,h6')].map((node) => node.tagName)).toEqual(['H2', 'H2', 'H3']);
    unmount();
    const nested = render(
      <MemoryRouter>
        <Markdown minHeading={3}>{'## Fixed\n\n### Details'}</Markdown>
      </MemoryRouter>,
    );
    expect([...nested.container.querySelectorAll('h1,h2,h3,h4,h5,h6')].map((node) => node.tagName)).toEqual(['H3', 'H4']);
  });
});

describe('Markdown headings', () => {
  it('gives headings unique ids from their text', () => {
    renderMarkdown('## Refund window\n\n### Tools: 30 days\n\n## Québec & you\n\n## Refund window\n\n## Main');
    expect(screen.getAllByRole('heading', { level: 2, name: 'Refund window' }).map((h) => h.id)).toEqual(['refund-window', 'refund-window-1']);
    expect(screen.getByRole('heading', { level: 3 })).toHaveAttribute('id', 'tools-30-days');
    expect(screen.getByRole('heading', { name: 'Québec & you' })).toHaveAttribute('id', 'quebec-you');
    // The layout's own #main keeps its id.
    expect(screen.getByRole('heading', { name: 'Main' })).toHaveAttribute('id', 'main-1');
  });

  it('shows a level-1 heading of the text as a section heading (the page title is the only h1)', () => {
    renderMarkdown('# Not the title');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Not the title' })).toHaveAttribute('id', 'not-the-title');
  });

  it.each(Object.keys(contentPages) as ContentSlug[])('%s: the contents list links to the rendered heading ids', async (slug) => {
    const markdown = fillTokens(await contentPages[slug].load(), {
      STORE_NAME: 'Store',
      CONTACT_EMAIL: 'hello@store.example',
      SUPPORT_EMAIL: 'support@store.example',
      PRIVACY_EMAIL: 'privacy@store.example',
      VIDEO_CHANNEL_URL: 'https://video.store.example/@store',
    });
    const { container } = renderMarkdown(markdown);
    const rendered = [...container.querySelectorAll('h2, h3, h4, h5, h6')].map((heading) => heading.id);
    expect(extractHeadings(markdown).map((heading) => heading.id)).toEqual(rendered);
    expect(new Set(rendered).size).toBe(rendered.length);
  });
});

describe('Markdown blocks', () => {
  it('renders GFM tables, lists, quotes and code', () => {
    const { container } = renderMarkdown(
      [
        '| Parameter | Range |',
        '| --- | --- |',
        '| Zoom | 50% to 200% |',
        '',
        '- one',
        '- two',
        '',
        '1. first',
        '',
        '> quoted',
        '',
        'Run `shasum -a 256 file.zip`.',
        '',
        '```',
        'Get-FileHash .\\file.zip',
        '```',
        '',
        '~~old~~',
      ].join('\n'),
    );
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Range' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '50% to 200%' })).toBeInTheDocument();
    expect(container.querySelectorAll('ul > li')).toHaveLength(2);
    expect(container.querySelector('ol > li')).toHaveTextContent('first');
    expect(container.querySelector('blockquote')).toHaveTextContent('quoted');
    expect(container.querySelector('p > code')).toHaveTextContent('shasum -a 256 file.zip');
    expect(container.querySelector('pre > code')).toHaveTextContent('Get-FileHash .\\file.zip');
    expect(container.querySelector('del')).toHaveTextContent('old');
    // react-markdown's node objects never reach the DOM.
    expect(container.innerHTML).not.toContain('[object Object]');
  });
});
