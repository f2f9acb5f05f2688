import { describe, expect, it } from 'vitest';
import { pageModulePreloads, parseViteManifest } from './page-preloads';

const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_container.js'] },
  _container: { file: 'assets/unused.js' },
  '_container.js': { file: 'assets/container-2.js' },
  '_shared.js': { file: 'assets/shared-3.js', imports: ['_container.js', 'index.html'] },
  'src/app/routes/product.tsx': { file: 'assets/product-4.js', imports: ['_container.js', '_shared.js', 'index.html'] },
};

describe('pageModulePreloads', () => {
  it("preloads the page's chunk and what it imports, not what the entry already loads", () => {
    expect(pageModulePreloads(manifest, 'src/app/routes/product.tsx')).toEqual(['/assets/product-4.js', '/assets/shared-3.js']);
  });

  it('preloads nothing for a module the build does not have', () => {
    expect(pageModulePreloads(manifest, 'src/app/routes/missing.tsx')).toEqual([]);
  });

  it('survives import cycles', () => {
    const cyclic = { 'a.tsx': { file: 'assets/a.js', imports: ['b.js'] }, 'b.js': { file: 'assets/b.js', imports: ['a.tsx'] } };
    expect(pageModulePreloads(cyclic, 'a.tsx')).toEqual(['/assets/a.js', '/assets/b.js']);
  });
});

describe('parseViteManifest', () => {
  it('explains a missing, broken or foreign manifest instead of throwing', () => {
    expect(parseViteManifest(undefined).problem).toMatch(/no \.vite\/manifest\.json/);
    expect(parseViteManifest('{').problem).toMatch(/not JSON/);
    expect(parseViteManifest('{"x": {"file": 3}}').problem).toMatch(/expected shape/);
    expect(parseViteManifest(JSON.stringify(manifest)).manifest).toEqual(manifest);
  });
});
