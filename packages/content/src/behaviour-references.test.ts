import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite the behaviour reference as `docs/behaviour/cart.md#quantities`. A renamed heading
 * or file would leave them pointing nowhere without anyone noticing, so every citation in the
 * code, and every link between the reference's own pages, must land on an existing file and
 * heading. Anchors are GitHub's (github-slugger), the ones a reader clicks on.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const behaviourDir = path.join(root, 'docs/behaviour');
const SOURCE_ROOTS = ['apps', 'packages', 'e2e', 'scripts', 'bench'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', 'test-results', 'playwright-report']);
const SOURCE_FILE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|jsx|css|html)$/;
const CITATION = /docs\/behaviour\/([A-Za-z0-9_.-]+)(?:#([A-Za-z0-9_-]+))?/g;

interface Reference {
  from: string;
  file: string;
  anchor: string | undefined;
}

const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$/;
/** A test's title may name the spec section it checks ('storefront spec' or 'account spec', a section sign and the number): the tracker asks for it. */
const TEST_TITLE_CITATION = /^\s*(?:(?:it|test|describe)(?:\.\w+)*\(\s*)?['"`].*\b(?:storefront|account) spec §\s?\d/;

/** Whether a line cites a section of the spec documents where it must not: anywhere but a test's title. */
function citesSpecSection(line: string, file: string): boolean {
  if (!/§\s?\d/.test(line) || /RFC \d|OpenID Connect/.test(line)) return false;
  return !(TEST_FILE.test(file) && TEST_TITLE_CITATION.test(line));
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(path.join(dir, entry.name));
    return SOURCE_FILE.test(entry.name) ? [path.join(dir, entry.name)] : [];
  });
}

/** The anchors of a Markdown file's headings (fenced code left out), duplicates numbered as GitHub does. */
function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1]) anchors.add(slugger.slug(heading[1].replace(/`/g, '')));
  }
  return anchors;
}

const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');

function referencesInCode(): Reference[] {
  return SOURCE_ROOTS.flatMap((name) => sourceFiles(path.join(root, name))).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(CITATION)].map(([, target = '', anchor]) => ({ from: relative(file), file: target, anchor }));
  });
}

/** Links between the reference's pages: `[text](cart.md#quantities)` and `[text](#quantities)`. */
function referencesInDocs(): Reference[] {
  const docs = readdirSync(behaviourDir).filter((name) => name.endsWith('.md'));
  return docs.flatMap((doc) => {
    const text = readFileSync(path.join(behaviourDir, doc), 'utf8');
    return [...text.matchAll(/\]\(([^)\s]*)\)/g)].flatMap(([, href = '']) => {
      if (/^[a-z]+:/i.test(href) || href.startsWith('/') || href.startsWith('../')) return [];
      const [target = '', anchor] = href.split('#');
      return [{ from: `docs/behaviour/${doc}`, file: target || doc, anchor }];
    });
  });
}

function broken(references: Reference[]): string[] {
  const anchorsByFile = new Map<string, Set<string> | null>();
  const anchorsOf = (file: string) => {
    if (!anchorsByFile.has(file)) {
      const full = path.join(behaviourDir, file);
      anchorsByFile.set(file, existsSync(full) ? headingAnchors(readFileSync(full, 'utf8')) : null);
    }
    return anchorsByFile.get(file);
  };
  return references.flatMap(({ from, file, anchor }) => {
    const anchors = anchorsOf(file);
    if (!anchors) return [`${from}: docs/behaviour/${file} does not exist`];
    if (anchor && !anchors.has(anchor)) return [`${from}: docs/behaviour/${file} has no heading #${anchor}`];
    return [];
  });
}

describe('references to docs/behaviour/', () => {
  it('finds the headings GitHub links to', () => {
    expect([...headingAnchors('# Cart\n## Promo codes\n```\n## not a heading\n```\n### `SBL` readiness\n## Promo codes\n')]).toEqual([
      'cart',
      'promo-codes',
      'sbl-readiness',
      'promo-codes-1',
    ]);
  });

  it('every citation in the code lands on an existing file and heading', () => {
    const references = referencesInCode();
    expect(references.length).toBeGreaterThan(0);
    expect(broken(references)).toEqual([]);
  });

  it("every link between the reference's pages lands on an existing file and heading", () => {
    const references = referencesInDocs();
    expect(references.length).toBeGreaterThan(0);
    expect(broken(references)).toEqual([]);
  });

  // Sections of published standards (RFC 9110 §14, OpenID Connect Core §5.3.4) are fine to cite.
  it("no comment cites the spec documents' section numbers, which are not in the repository", () => {
    const citations = SOURCE_ROOTS.flatMap((name) => sourceFiles(path.join(root, name))).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (citesSpecSection(line, file) ? [`${relative(file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(citations).toEqual([]);
  });

  it('lets a test name the spec section it checks, but not a comment', () => {
    expect(citesSpecSection("  it('refuses an RS512 ID token (storefront spec \u00a75)', () => {", 'a.test.ts')).toBe(false);
    expect(citesSpecSection("test.describe('toasts (account spec \u00a79)', () => {", 'e2e/tests/toasts.spec.ts')).toBe(false);
    expect(citesSpecSection('  // storefront spec \u00a75: the issuer must match', 'a.test.ts')).toBe(true);
    expect(citesSpecSection("const title = 'storefront spec \u00a75';", 'identity-store.ts')).toBe(true);
    expect(citesSpecSection('// see \u00a74.2 of the spec', 'a.ts')).toBe(true);
    expect(citesSpecSection('// RFC 9110 \u00a714', 'a.ts')).toBe(false);
  });

  it('catches a broken citation', () => {
    // Only the ends of the messages: a whole one would be a citation this test scans for.
    expect(broken([{ from: 'example.ts', file: 'cart.md', anchor: 'no-such-heading' }])).toEqual([
      expect.stringMatching(/cart\.md has no heading #no-such-heading$/),
    ]);
    expect(broken([{ from: 'example.ts', file: 'no-such-file.md', anchor: undefined }])).toEqual([expect.stringMatching(/no-such-file\.md does not exist$/)]);
  });
});
