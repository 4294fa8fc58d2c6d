// @vitest-environment node
/**
 * The architecture's boundaries are lint errors (eslint.config.js, eslint-plugin-boundaries), so `npm run check`
 * (which ends with `eslint .`) fails on a violation: a plugin importing another plugin or a shell internal, the
 * shell importing a plugin outside the registries, the portal importing the gateway. Legal imports pass.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundary errors ESLint reports for `code` written in the file `file` (a path from the project root). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies' && m.severity === 2).map((m) => m.message);
}

describe('lint-enforced boundaries', () => {
  it('a plugin importing another plugin is an error', async () => {
    const errors = await boundaryErrors('plugins/bookings/pages/Violation.tsx', "import { flightsPlugin } from '../../flights';\nexport const x = flightsPlugin;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/plugin/);
  });

  it('a plugin importing a shell internal (src/api/client) instead of the sdk is an error', async () => {
    const errors = await boundaryErrors('plugins/flights/components/Violation.tsx', "import { api } from '../../../src/api/client';\nexport const x = api;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/shell/);
  });

  it('a plugin may import the sdk, contract/, policies/, its own folder and packages', async () => {
    const code = [
      "import { useState } from 'react';",
      "import { formatVnd, linkTo, PAGES } from '../../../src/sdk';",
      "import { BOOKINGS_API } from '../../../contract/bookings';",
      "import { ACTION_RULES } from '../../../policies/actions';",
      "import { BOOKINGS_RESOURCE } from '../api';",
      'export const x = [useState, formatVnd, linkTo, PAGES, BOOKINGS_API, ACTION_RULES, BOOKINGS_RESOURCE];',
    ].join('\n');
    expect(await boundaryErrors('plugins/bookings/pages/Legal.tsx', code)).toEqual([]);
  });

  it('the shell imports plugins only in its registries', async () => {
    expect(await boundaryErrors('src/ui/Violation.tsx', "import { newsPlugin } from '../../plugins/news';\nexport const x = newsPlugin;\n")).toHaveLength(1);
    const registry = "import { homePlugin } from '../plugins/home';\nimport { bookingsPublicPages } from '../plugins/bookings/public';\nexport const x = [homePlugin, bookingsPublicPages];\n";
    expect(await boundaryErrors('src/plugins.ts', registry)).toEqual([]);
    expect(await boundaryErrors('src/public-routes.ts', registry)).toEqual([]);
  });

  it('the portal never imports the gateway; contract/ and policies/ import nothing of the portal', async () => {
    expect(await boundaryErrors('src/ui/Violation.tsx', "import { buildApp } from '../../gateway/app';\nexport const x = buildApp;\n")).toHaveLength(1);
    expect(await boundaryErrors('plugins/home/Violation.ts', "import { buildApp } from '../../gateway/app';\nexport const x = buildApp;\n")).toHaveLength(1);
    expect(await boundaryErrors('contract/violation.ts', "import { api } from '../src/api/client';\nexport const x = api;\n")).toHaveLength(1);
    expect(await boundaryErrors('policies/violation.ts', "import { PAGES } from '../contract/pages';\nexport const x = PAGES;\n")).toEqual([]);
  });

  it('a gateway domain reaches another domain only through its service.ts', async () => {
    const errors = await boundaryErrors('gateway/bookings/violation.ts', "import { registerFlightRoutes } from '../flights/routes';\nexport const x = registerFlightRoutes;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/gw-domain/);
    const legal = "import { FLIGHTS_API } from '../flights/service';\nimport { requireAuth } from '../platform/tenancy/scope';\nexport const x = [FLIGHTS_API, requireAuth];\n";
    expect(await boundaryErrors('gateway/bookings/legal.ts', legal)).toEqual([]);
  });

  it('nothing outside gateway/suppliers/ imports the simulator; the registry does', async () => {
    const code = "import * as sim from '../suppliers/simulated/supplier';\nexport const x = sim;\n";
    expect(await boundaryErrors('gateway/flights/violation.ts', code)).toHaveLength(1);
    expect(await boundaryErrors('gateway/platform/violation.ts', code)).toHaveLength(1);
    expect(await boundaryErrors('gateway/suppliers/legal.ts', "import * as sim from './simulated/supplier';\nexport const x = sim;\n")).toEqual([]);
  });

  it('the gateway platform imports no domain', async () => {
    expect(await boundaryErrors('gateway/platform/violation.ts', "import { bookingsModule } from '../bookings';\nexport const x = bookingsModule;\n")).toHaveLength(1);
  });

  it('a signed-in plugin screen may not fetch around Refine (react-query, axios, the public api client)', async () => {
    const rule = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: join(root, file) });
      return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' && m.severity === 2);
    };
    expect(await rule('plugins/news/components/Violation.tsx', "import { useQuery } from '@tanstack/react-query';\nexport const x = useQuery;\n")).toHaveLength(1);
    expect(await rule('plugins/news/components/Violation.tsx', "import axios from 'axios';\nexport const x = axios;\n")).toHaveLength(1);
    expect(await rule('plugins/news/components/Violation.tsx', "import { api } from '../../../src/sdk-public';\nexport const x = api;\n")).toHaveLength(1);
    expect(await rule('plugins/news/components/Legal.tsx', "import { useCustom } from '@refinedev/core';\nexport const x = useCustom;\n")).toEqual([]);
  });
});
