/**
 * Gateway suite set-up: the migrated and the seeded database made once for the run (tests/support/db-templates.ts),
 * on the PostgreSQL server of TEST_DATABASE_URL when it is set, else as PGlite dumps; each file's gateway starts
 * from a fresh copy of one (tests/gateway/helpers.ts). Removed at the end of the run.
 */
import type { TestProject } from 'vitest/node';
import { makeDbTemplates } from '../support/db-templates';

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, remove } = await makeDbTemplates(process.env.TEST_DATABASE_URL || undefined);
  project.provide('dbTemplates', templates);
  return remove;
}
