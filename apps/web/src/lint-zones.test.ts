import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, applied to snippets placed at real paths of the app.
// import/no-cycle cannot follow a file that is not on disk, and is not what is tested here.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repoRoot, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });

async function restrictedPathMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import/no-restricted-paths').map((message) => message.message);
}

// The first lint loads the TypeScript resolver and parser: seconds on a busy machine.
describe('web lint zones', { timeout: 30_000 }, () => {
  it.each([
    ['apps/web/src/components/ui/snippet.ts', "import { CartPage } from '../../features/cart/components/cart-page';"],
    ['apps/web/src/lib/snippet.ts', "import { CartPage } from '../features/cart/components/cart-page';"],
    ['apps/web/src/types/snippet.ts', "import type { CartPage } from '../features/cart/components/cart-page';"],
  ])('%s may not import a feature', async (filePath, code) => {
    expect(await restrictedPathMessages(`${code}\nexport const used = CartPage;\n`, filePath)).toEqual([
      expect.stringContaining('Shared code must not depend on features.'),
    ]);
  });

  it('a feature may import shared code', async () => {
    const code = "import { apiGet } from '../../../lib/api-client';\nexport const get = apiGet;\n";
    expect(await restrictedPathMessages(code, 'apps/web/src/features/cart/api/snippet.ts')).toEqual([]);
  });

  it('a feature may not import another feature', async () => {
    const code = "import { getProduct } from '../../catalog/api/get-product';\nexport const get = getProduct;\n";
    expect(await restrictedPathMessages(code, 'apps/web/src/features/cart/api/snippet.ts')).toEqual([
      expect.stringContaining('Features must not import each other'),
    ]);
  });
});
