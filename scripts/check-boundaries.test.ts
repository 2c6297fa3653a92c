// The boundary rules themselves (ADR 022): each fires on a breach and stays quiet on what is allowed.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkBoundaries,
  importsOf,
  type Problem,
  projectFiles,
  type RuleName,
  resolveSpecifier,
  SERVER_LAYERS,
  serverLayerOf,
} from './check-boundaries.ts';

/** The rules broken by one file with this source (no known breaches). */
function broken(file: string, source: string): RuleName[] {
  return checkBoundaries([{ path: file, source }], []).problems.map((p: Problem) => p.rule);
}

describe('reading imports', () => {
  it('resolves the # aliases and relative specifiers to project paths, packages to null', () => {
    expect(
      resolveSpecifier('server/modules/checkout/checkout.service.ts', '#server/modules/orders/x.ts'),
    ).toBe('server/modules/orders/x.ts');
    expect(
      resolveSpecifier('server/modules/checkout/checkout.service.ts', '../orders/orders.repository.ts'),
    ).toBe('server/modules/orders/orders.repository.ts');
    expect(resolveSpecifier('app/routes/home.tsx', '../../server/services.ts')).toBe('server/services.ts');
    expect(resolveSpecifier('core/money.ts', 'zod')).toBeNull();
    expect(resolveSpecifier('core/money.ts', 'node:fs')).toBeNull();
  });

  it('finds imports, re-exports, dynamic import() and type import(), and knows which are erased', () => {
    const refs = importsOf({
      path: 'server/x.ts',
      source: [
        "import type { A } from './a.ts';",
        "import { type B } from './b.ts';",
        "import C, { D } from './c.ts';",
        "import './d.ts';",
        "export { E } from './e.ts';",
        "export type { F } from './f.ts';",
        "const g = await import('./g.ts');",
        "let h: import('./h.ts').H;",
        'const text = "import { nope } from \'./not-an-import.ts\'";',
      ].join('\n'),
    });
    expect(refs.map((r) => [r.specifier, r.typeOnly, r.line])).toEqual([
      ['./a.ts', true, 1],
      // verbatimModuleSyntax keeps `import { type B }` as an import of the module: not erased.
      ['./b.ts', false, 2],
      ['./c.ts', false, 3],
      ['./d.ts', false, 4],
      ['./e.ts', false, 5],
      ['./f.ts', true, 6],
      ['./g.ts', false, 7],
      ['./h.ts', true, 8],
    ]);
  });
});

describe('a module repository is private to its module', () => {
  it('fires when another module imports it, by alias or relative path, even for types', () => {
    const file = 'server/modules/checkout/checkout.service.ts';
    expect(
      broken(file, "import { insertOrder } from '#server/modules/orders/orders.repository.ts';"),
    ).toEqual(['repository-is-private']);
    expect(broken(file, "import { insertOrder } from '../orders/orders.repository.ts';")).toEqual([
      'repository-is-private',
    ]);
    expect(broken(file, "import type { OrderRow } from '../orders/orders.repository.ts';")).toEqual([
      'repository-is-private',
    ]);
  });

  it('fires from outside the modules too: seed, cli, http, platform, app server files, services.ts', () => {
    const line = "import { insertMedia } from '#server/modules/media/media.repository.ts';";
    for (const file of [
      'server/seed/seed.ts',
      'server/cli/admin-create.ts',
      'server/http/app.ts',
      'server/services.ts',
      'app/lib/media.server.ts',
    ]) {
      expect(broken(file, line), file).toContain('repository-is-private');
    }
  });

  it('stays quiet inside the module (sub-folders included), for services, and in tests', () => {
    expect(
      broken('server/modules/orders/orders.service.ts', "import { x } from './orders.repository.ts';"),
    ).toEqual([]);
    expect(
      broken(
        'server/modules/payments/providers/sandbox.ts',
        "import { x } from '../payments.repository.ts';",
      ),
    ).toEqual([]);
    expect(
      broken(
        'server/modules/checkout/checkout.service.ts',
        "import type { OrdersService } from '#server/modules/orders/orders.service.ts';",
      ),
    ).toEqual([]);
    const line = "import { insertMedia } from '#server/modules/media/media.repository.ts';";
    expect(broken('tests/integration/media.test.ts', line)).toEqual([]);
    expect(broken('server/modules/catalog/catalog.test.ts', line)).toEqual([]);
    expect(broken('tests/factories/products.ts', line)).toEqual([]);
  });

  it('keeps platform repositories inside platform', () => {
    const line = "import { hitCounter } from '#server/platform/rate-limit.repository.ts';";
    expect(broken('server/modules/cart/cart.service.ts', line)).toEqual(['repository-is-private']);
    expect(
      broken('server/platform/rate-limit.ts', "import { hitCounter } from './rate-limit.repository.ts';"),
    ).toEqual([]);
  });
});

describe('dependencies point one way: http → modules → platform → core', () => {
  it('platform never imports a module, http or the wiring, not even a type', () => {
    const file = 'server/platform/auth/request-auth.ts';
    expect(broken(file, "import type { X } from '#server/modules/accounts/accounts.service.ts';")).toEqual([
      'platform-below-modules',
    ]);
    expect(broken(file, "import { x } from '../../http/guards.ts';")).toEqual(['platform-below-modules']);
    expect(broken(file, "import type { Services } from '#server/services.ts';")).toEqual([
      'platform-below-modules',
    ]);
  });

  it('platform may import platform, core and packages; the database sits above it (ADR 094)', () => {
    const file = 'server/platform/auth/request-auth.ts';
    expect(
      broken(
        file,
        [
          "import type { SessionLookup } from './session.ts';",
          "import type { SessionUser } from '#core/contract/account.ts';",
          "import { parseCookie } from 'cookie';",
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(broken(file, "import type { Queryable } from '#server/db/client.ts';")).toEqual([
      'server-layers-point-down',
    ]);
  });

  it('a module does not reach up into http or services.ts, not even from a *.routes.ts (ADR 094)', () => {
    expect(
      broken(
        'server/modules/orders/orders.service.ts',
        "import { requireStaff } from '#server/http/guards.ts';",
      ),
    ).toEqual(['modules-below-http']);
    expect(
      broken(
        'server/modules/orders/orders.service.ts',
        "import type { Services } from '#server/services.ts';",
      ),
    ).toEqual(['modules-below-http']);
    expect(
      broken(
        'server/modules/orders/orders.routes.ts',
        "import { requireStaff } from '#server/http/guards.ts';",
      ),
    ).toEqual(['modules-below-http']);
    expect(
      broken('server/http/routes/orders.routes.ts', "import { requireStaff } from '#server/http/guards.ts';"),
    ).toEqual([]);
  });

  it('core imports no server or app code (not even types), no framework and no I/O', () => {
    expect(broken('core/money.ts', "import type { Db } from '#server/db/client.ts';")).toEqual([
      'core-stays-pure',
    ]);
    expect(broken('core/money.ts', "import { x } from '../app/lib/x.ts';")).toEqual(['core-stays-pure']);
    expect(broken('core/money.ts', "import { readFileSync } from 'node:fs';")).toEqual(['core-stays-pure']);
    expect(broken('core/money.ts', "import { eq } from 'drizzle-orm';")).toContain('core-stays-pure');
    expect(broken('core/contract/account.ts', "import { z } from 'zod';")).toEqual([]);
    expect(broken('core/contract/account.ts', "import { toRole } from '../account.ts';")).toEqual([]);
  });
});

describe('server layers point one way (ADR 094): platform < db < modules < seed < services < http < entry', () => {
  /** One file of each layer, lowest first, and a specifier naming another file of that layer. */
  const LAYER_FILES: [file: string, specifier: string][] = [
    ['server/platform/rate-limit.ts', '#server/platform/errors.ts'],
    ['server/db/scheduled-backups.ts', '#server/db/backup.ts'],
    ['server/modules/launch/launch-steps.ts', '#server/modules/mail/mail.service.ts'],
    ['server/seed/seed.ts', '#server/seed/catalogue.ts'],
    ['server/services.ts', '#server/services/orders.ts'],
    ['server/http/app.ts', '#server/http/routes/cart.routes.ts'],
    ['server/cli/db.ts', '#server/main.ts'],
  ];

  it('fires on every import from a lower layer to a higher one, types included', () => {
    for (const [low, [file]] of LAYER_FILES.entries()) {
      for (const [, specifier] of LAYER_FILES.slice(low + 1)) {
        const rules = [
          ...broken(file, `import { x } from '${specifier}';`),
          ...broken(file, `import type { X } from '${specifier}';`),
        ];
        // platform and modules keep their own, more specific, rules for http and the wiring.
        expect(rules.length, `${file} → ${specifier}`).toBe(2);
        for (const rule of rules) {
          expect(['server-layers-point-down', 'platform-below-modules', 'modules-below-http']).toContain(
            rule,
          );
        }
      }
    }
    expect(
      broken('server/db/scheduled-backups.ts', "import { x } from '#server/startup-checks.ts';"),
    ).toEqual(['server-layers-point-down']);
    expect(broken('server/env.ts', "import { x } from '../server/http/trust-proxy.ts';")).toEqual([
      'server-layers-point-down',
    ]);
  });

  it('stays quiet on imports of the same layer or one below', () => {
    for (const [high, [file]] of LAYER_FILES.entries()) {
      for (const [, specifier] of LAYER_FILES.slice(0, high + 1)) {
        expect(broken(file, `import { x } from '${specifier}';`), `${file} → ${specifier}`).toEqual([]);
      }
    }
    expect(broken('server/db/scheduled-backups.ts', "import { x } from '#server/shop-address.ts';")).toEqual(
      [],
    );
    expect(broken('server/http/server.ts', "import { x } from '#server/startup-checks.ts';")).toEqual([]);
  });

  it('places every server file in a layer, and fires on one it cannot place', () => {
    expect(serverLayerOf('server/env.ts')).toBe(0);
    expect(serverLayerOf('server/services/orders.ts')).toBe(serverLayerOf('server/services.ts'));
    expect(serverLayerOf('server/main.ts')).toBe(SERVER_LAYERS.length - 1);
    expect(serverLayerOf('app/root.tsx')).toBe(-1);
    expect(broken('server/stray.ts', "import { x } from '#server/env.ts';")).toEqual([
      'server-layers-point-down',
    ]);
    // Tests beside server code may reach anywhere.
    expect(broken('server/db/seed.test.ts', "import { x } from '#server/services.ts';")).toEqual([]);
  });
});

describe('SQL lives in repositories and server/db', () => {
  it('fires on drizzle-orm, database drivers or schema tables outside them, types included', () => {
    const file = 'server/modules/newsletter/newsletter.service.ts';
    expect(broken(file, "import { eq, sql } from 'drizzle-orm';")).toEqual(['sql-in-repositories']);
    expect(broken(file, "import type { PgTable } from 'drizzle-orm/pg-core';")).toEqual([
      'sql-in-repositories',
    ]);
    expect(broken(file, "import { newsletter } from '#server/db/schema/content.ts';")).toEqual([
      'sql-in-repositories',
    ]);
    expect(broken('server/http/app.ts', "import pg from 'pg';")).toEqual(['sql-in-repositories']);
  });

  it('stays quiet in repositories, server/db, server/seed, tests, and for the Db handle type', () => {
    const sqlImports = "import { eq } from 'drizzle-orm';\nimport { t } from '#server/db/schema/content.ts';";
    expect(broken('server/modules/newsletter/newsletter.repository.ts', sqlImports)).toEqual([]);
    expect(broken('server/db/rate-limit-store.ts', sqlImports)).toEqual([]);
    expect(broken('server/seed/seed.ts', sqlImports)).toEqual([]);
    expect(broken('server/db/client.ts', sqlImports)).toEqual([]);
    expect(broken('server/cli/db.ts', "import { sql } from 'drizzle-orm';")).toEqual(['sql-in-repositories']);
    expect(broken('tests/helpers/rows.ts', sqlImports)).toEqual([]);
    expect(
      broken(
        'server/modules/newsletter/newsletter.service.ts',
        "import type { Db } from '#server/db/client.ts';",
      ),
    ).toEqual([]);
  });
});

describe('client code never loads server code (rule 9)', () => {
  it('fires on a runtime import of server code or a *.server file from browser code', () => {
    expect(broken('app/features/cart/cart.tsx', "import { x } from '#server/services.ts';")).toEqual([
      'client-imports-server',
    ]);
    expect(broken('app/features/cart/cart.tsx', "import { x } from '../../lib/auth.server.ts';")).toEqual([
      'client-imports-server',
    ]);
  });

  it('allows types, route modules loading their *.server half, and *.server files themselves', () => {
    expect(
      broken('app/context.ts', "import type { RequestAuth } from '../server/platform/auth/request-auth.ts';"),
    ).toEqual([]);
    expect(broken('app/routes/home.tsx', "import { load } from './home.server.ts';")).toEqual([]);
    expect(broken('app/lib/auth.server.ts', "import { x } from '#server/services.ts';")).toEqual([]);
  });
});

describe('the walls inside app/ (ADR 092)', () => {
  it('components/ui and app/lib import no feature and no route, not even a type', () => {
    expect(
      broken(
        'app/components/ui/price.tsx',
        "import { useCurrency } from '#app/features/layout/store-data.ts';",
      ),
    ).toEqual(['ui-and-lib-below-features']);
    expect(
      broken(
        'app/lib/personal-slots.server.tsx',
        "import { CartLink } from '../features/layout/header-personal.tsx';",
      ),
    ).toEqual(['ui-and-lib-below-features']);
    expect(
      broken('app/lib/seo.ts', "import type { loader } from '#app/routes/collections.$slug.tsx';"),
    ).toEqual(['ui-and-lib-below-features']);
  });

  it('lets components/ui and app/lib use each other, core and packages', () => {
    const file = 'app/components/ui/form/password-field.tsx';
    expect(
      broken(
        file,
        [
          "import { useHydrated } from '#app/lib/use-hydrated.ts';",
          "import { FieldNotes } from './field-notes.tsx';",
          "import { PASSWORD_RULES } from '#core/account.ts';",
          "import { Eye } from 'lucide-react';",
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(broken('app/lib/store-data.ts', "import type { loader } from '../root.tsx';")).toEqual([]);
  });

  it('a feature imports no other feature, types included, except app/features/shared/', () => {
    expect(
      broken(
        'app/features/cart/cart-page.tsx',
        "import { FormMessage } from '#app/features/account/form-fields.tsx';",
      ),
    ).toEqual(['features-meet-in-shared']);
    expect(
      broken(
        'app/features/orders/order-confirmation.tsx',
        "import type { BankDetails } from '../checkout/payment-methods.tsx';",
      ),
    ).toEqual(['features-meet-in-shared']);
    expect(
      broken(
        'app/features/shared/product-card.tsx',
        "import { AddToCart } from '#app/features/product/add-to-cart.tsx';",
      ),
    ).toEqual(['features-meet-in-shared']);
  });

  it('lets a feature use its own files (sub-folders too), shared, ui and lib; routes may compose features', () => {
    expect(
      broken(
        'app/features/admin/orders/order-detail.tsx',
        [
          "import { DataTable } from '../ui/data-table.tsx';",
          "import { AuditTrail } from '#app/features/admin/audit/audit-trail.tsx';",
          "import { ReviewPhotos } from '#app/features/shared/review-photos.tsx';",
          "import { FormMessage } from '#app/components/ui/form/form-message.tsx';",
          "import { useCurrency } from '#app/lib/store-data.ts';",
        ].join('\n'),
      ),
    ).toEqual([]);
    const composing = [
      "import { ProductView } from '#app/features/product/product-view.tsx';",
      "import { ProductGrid } from '#app/features/shared/product-card.tsx';",
      "import { SiteHeader } from '#app/features/layout/site-header.tsx';",
    ].join('\n');
    expect(broken('app/routes/collections.$slug.tsx', composing)).toEqual([]);
    expect(broken('app/root.tsx', composing)).toEqual([]);
    expect(broken('app/personal-slots.server.tsx', composing)).toEqual([]);
  });

  it('an island imports only app/islands, app/lib, core and the packages it is allowed', () => {
    expect(
      broken(
        'app/islands/listing.ts',
        "import { readListingState } from '#app/features/catalog/listing-params.ts';",
      ),
    ).toEqual(['islands-use-lib-and-core']);
    expect(broken('app/islands/cart.ts', "import { Price } from '../components/ui/price.tsx';")).toEqual([
      'islands-use-lib-and-core',
    ]);
    expect(broken('app/islands/product.ts', "import { createElement } from 'react';")).toEqual([
      'islands-use-lib-and-core',
    ]);
  });

  it('lets an island use its own files, app/lib, core, core types and isbot', () => {
    expect(
      broken(
        'app/islands/shell.ts',
        [
          "import { readWishlist } from './wishlist-storage.ts';",
          "import { popupAllowedOn } from '#app/lib/popup-pages.ts';",
          "import { readListingState } from '../lib/listing-params.ts';",
          "import { formatPrice } from '#core/money.ts';",
          "import type { PopupResponse } from '#core/contract/banners.ts';",
          "import { isbot } from 'isbot';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('leaves tests alone', () => {
    expect(
      broken('app/lib/listing-params.test.ts', "import { x } from '#app/features/catalog/product-card.tsx';"),
    ).toEqual([]);
  });
});

describe('known breaches', () => {
  it('silences exactly the listed pair, and reports entries that no longer match', () => {
    const file = {
      path: 'server/modules/checkout/checkout.service.ts',
      source: [
        "import { insertOrder } from '../orders/orders.repository.ts';",
        "import { insertPayment } from '#server/modules/payments/payments.repository.ts';",
      ].join('\n'),
    };
    const known = [
      { file: file.path, imports: 'server/modules/orders/orders.repository.ts' },
      { file: file.path, imports: 'server/modules/promotions/promotions.repository.ts' },
    ];
    const { problems, unusedKnown } = checkBoundaries([file], known);
    expect(problems.map((p) => [p.rule, p.specifier, p.line])).toEqual([
      ['repository-is-private', '#server/modules/payments/payments.repository.ts', 2],
    ]);
    expect(unusedKnown).toEqual([known[1]]);
  });
});

describe('the shop itself', () => {
  it('keeps every rule (the same check `npm run lint` runs)', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const { problems } = checkBoundaries(projectFiles(root));
    expect(problems).toEqual([]);
  });
});
