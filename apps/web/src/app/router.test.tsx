import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageModule, STATIC_PAGE_PATHS } from '@store/contracts/routes';
import { routes } from './router';

/** The lazy route that renders a path: the source of its `import()` names the module. */
function lazyModuleOf(pathname: string): string | undefined {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
  const source = typeof leaf?.lazy === 'function' ? leaf.lazy.toString() : '';
  return /\/routes\/([a-z-]+)(?:\.tsx)?["']/.exec(source)?.[1];
}

describe('the route table and the server', () => {
  it.each([...STATIC_PAGE_PATHS, '/products/remidi-4'])('%s is preloaded with the module that renders it', (pathname) => {
    const module = lazyModuleOf(pathname);
    expect(module).toBeDefined();
    expect(pageModule(pathname)).toBe(`src/app/routes/${module}.tsx`);
  });

  it('an unknown path has no page module to preload', () => {
    expect(lazyModuleOf('/no/such/page')).toBe('not-found');
    expect(pageModule('/no/such/page')).toBeUndefined();
  });
});
