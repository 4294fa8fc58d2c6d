/**
 * The import rules of the gateway (docs/architecture.md), checked on the import statements alone:
 *
 * - a domain folder (every folder of gateway/ but platform/ and suppliers/) imports its own files, platform/,
 *   contract/, policies/, gateway/settings.ts, the supplier interfaces (gateway/suppliers/ outside
 *   simulated/) and, of another domain, only its service.ts;
 * - platform/ imports no domain;
 * - there is no cycle between domain folders;
 * - nothing outside gateway/suppliers/ imports gateway/suppliers/simulated/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const GATEWAY = path.join(ROOT, 'gateway');
const NOT_DOMAINS = new Set(['platform', 'suppliers']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|mjs|js)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The file a relative specifier names (extension and index.ts optional), or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find(isFile) ?? base;
}

interface Edge {
  from: string;
  to: string;
}

/** Every relative import, re-export and dynamic import of a file (type-only ones included). */
function importsOf(file: string): Edge[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.flatMap((f) => {
    const to = resolveImport(file, f.fileName);
    return to ? [{ from: file, to }] : [];
  });
}

const rel = (p: string) => path.relative(ROOT, p).split(path.sep).join('/');
/** `gateway/<folder>/...` → folder; top-level gateway files and everything outside → null. */
function gatewayFolder(p: string): string | null {
  const parts = rel(p).split('/');
  return parts[0] === 'gateway' && parts.length > 2 ? parts[1] : null;
}
const isDomain = (folder: string | null): folder is string => folder !== null && !NOT_DOMAINS.has(folder);
const isSimulated = (p: string) => rel(p).startsWith('gateway/suppliers/simulated/');

const gatewayEdges = sourceFiles(GATEWAY).flatMap(importsOf);

/** What a domain file may import; the reason it may not otherwise. */
function domainViolation(edge: Edge): string | null {
  const own = gatewayFolder(edge.from);
  const target = rel(edge.to);
  const folder = gatewayFolder(edge.to);
  if (target.startsWith('contract/') || target.startsWith('policies/')) return null;
  // the translation files are data both sides read: a sheet or e-mail uses the screen's own words
  if (/^locales\/(vi|en)\/translation\.json$/.test(target)) return null;
  if (!target.startsWith('gateway/')) return 'outside the gateway, contract/, policies/ and locales/';
  if (folder === own) return null;
  if (folder === 'platform') return null;
  if (folder === 'suppliers') return isSimulated(edge.to) ? 'the simulator (use the supplier interfaces)' : null;
  if (target === 'gateway/settings.ts') return null;
  if (folder === null) return 'a top-level gateway file (app, modules, main, cli)';
  return /^gateway\/[^/]+\/service\.ts$/.test(target) ? null : `a private file of ${folder} (import ${folder}/service.ts)`;
}

describe('gateway boundaries', () => {
  it('domain folders import the platform, contract, policies, supplier interfaces and other domains’ service.ts only', () => {
    const bad = gatewayEdges
      .filter((e) => isDomain(gatewayFolder(e.from)))
      .map((e) => ({ e, why: domainViolation(e) }))
      .filter((x) => x.why !== null && !isSimulated(x.e.to))
      .map(({ e, why }) => `${rel(e.from)} -> ${rel(e.to)}: ${why}`);
    expect(bad).toEqual([]);
  });

  it('the platform imports no domain', () => {
    const bad = gatewayEdges
      .filter((e) => gatewayFolder(e.from) === 'platform')
      .filter((e) => isDomain(gatewayFolder(e.to)) || (rel(e.to).startsWith('gateway/') && gatewayFolder(e.to) === null && rel(e.to) !== 'gateway/settings.ts'))
      .map((e) => `${rel(e.from)} -> ${rel(e.to)}`);
    expect(bad).toEqual([]);
  });

  it('has no cycle between domain folders', () => {
    const graph = new Map<string, Set<string>>();
    for (const e of gatewayEdges) {
      const a = gatewayFolder(e.from);
      const b = gatewayFolder(e.to);
      if (isDomain(a) && isDomain(b) && a !== b) graph.set(a, (graph.get(a) ?? new Set()).add(b));
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (node: string, trail: string[]) => {
      if (state.get(node) === 'done') return;
      if (state.get(node) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(node)), node].join(' -> '));
        return;
      }
      state.set(node, 'open');
      for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
      state.set(node, 'done');
    };
    for (const node of graph.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });

  it('nothing outside gateway/suppliers/ imports the simulator', () => {
    const bad = [...gatewayEdges, ...sourceFiles(path.join(ROOT, 'scripts')).flatMap(importsOf)]
      .filter((e) => isSimulated(e.to) && !rel(e.from).startsWith('gateway/suppliers/'))
      .map((e) => `${rel(e.from)} -> ${rel(e.to)}`);
    expect(bad).toEqual([]);
  });

  it('sees a violation when there is one', () => {
    const probe = (from: string, to: string) => domainViolation({ from: path.join(ROOT, from), to: path.join(ROOT, to) });
    expect(probe('gateway/flights/routes.ts', 'gateway/bookings/detail.ts')).toMatch(/private file of bookings/);
    expect(probe('gateway/flights/routes.ts', 'gateway/bookings/service.ts')).toBeNull();
    expect(probe('gateway/flights/routes.ts', 'gateway/app.ts')).toMatch(/top-level/);
    expect(probe('gateway/flights/routes.ts', 'gateway/suppliers/simulated/clock.ts')).toMatch(/simulator/);
    expect(probe('gateway/flights/routes.ts', 'src/api/client.ts')).toMatch(/outside/);
  });
});
