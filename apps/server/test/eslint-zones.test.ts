import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const RULE = 'import/no-restricted-paths';

/**
 * The repository's own lint configuration, run on snippets: a module may import its own
 * repository, never another module's (the owner's service is handed over by app.ts), and the
 * composition in app.ts may import any. The snippets are linted as if they were these real
 * files, so the import resolver sees the real tree.
 */
describe('lint zones: a module owns its repository', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.js') });
  });

  async function restrictedImports(code: string, file: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return result!.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
  }

  it("reports another module's repository, imported for its value or its type", { timeout: 60_000 }, async () => {
    expect(
      await restrictedImports(
        "import { createCouponRepository } from '../coupons/coupons.repository';\nexport const coupons = createCouponRepository;\n",
        'apps/server/src/modules/orders/orders.service.ts',
      ),
    ).toEqual([expect.stringContaining('../coupons/coupons.repository')]);
    expect(
      await restrictedImports(
        "import type { OrdersRepository } from '../../orders/orders.repository';\nexport type Orders = OrdersRepository;\n",
        'apps/server/src/modules/payments/sandbox/sandbox.service.ts',
      ),
    ).toEqual([expect.stringContaining('../../orders/orders.repository')]);
  });

  it("allows a module's own repository, from any of its folders, and any repository in app.ts", { timeout: 60_000 }, async () => {
    expect(
      await restrictedImports(
        "import { createCouponRepository } from './coupons.repository';\nexport const coupons = createCouponRepository;\n",
        'apps/server/src/modules/coupons/coupons.service.ts',
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        "import { createCouponRepository } from '../coupons.repository';\nexport const coupons = createCouponRepository;\n",
        'apps/server/src/modules/coupons/seed/seed-coupons.ts',
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        "import { createCouponRepository } from './modules/coupons/coupons.repository';\nexport const coupons = createCouponRepository;\n",
        'apps/server/src/app.ts',
      ),
    ).toEqual([]);
  });

  it("allows another module's service", { timeout: 60_000 }, async () => {
    expect(
      await restrictedImports(
        "import { createCouponService } from '../coupons/coupons.service';\nexport const coupons = createCouponService;\n",
        'apps/server/src/modules/orders/orders.service.ts',
      ),
    ).toEqual([]);
  });
});
