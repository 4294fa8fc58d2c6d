/**
 * The sign-in page's JS in a few files.
 *
 * Left to itself, the bundler makes a chunk for each set of entries (the two HTML pages and every lazily imported
 * module) that reach a module after tree shaking, so the sign-in page's code comes in as many files as there are
 * such sets among its modules: 46 once the signed-in home's parts were split apart (35 before), most of them a few
 * hundred bytes. Each is a request, over HTTP/1.1's six connections, before the React form takes over.
 *
 * Here the modules the sign-in page loads are put in three chunks by who else loads them, so that no page loads a
 * byte it did not load before, but for the one case said below:
 * - `boot`: what the portal's entry (index.html) loads beyond its own chunk (the modules it shares with lazy
 *   parts). The entry loads all of it on every first page already (its modulepreloads); a lazy part that needs
 *   one of them finds it loaded. What the storefront's entry loads stays where it is (its own small load).
 * - `sign-in-shared`: what the sign-in page loads beyond the entry and the signed-in home loads too (the App, the
 *   home page, its search panel): the home needs all of it, and after the sign-in finds it loaded.
 * - `sign-in-more`: what the sign-in page loads beyond the entry that the home does not, shared with some other
 *   lazy part (else it is in the sign-in page's own chunk, and stays there). Such a part (a route, a dialog) now
 *   loads the whole chunk: the one case, a few KB of the sign-in page's widgets; `npm run bench:bundle` shows the
 *   routes' figures.
 *
 * Which modules a page loads is what the bundler decides after tree shaking, at the level of statements: a module
 * graph cannot say it (a module that imports another may keep only a function that does not use it). So the
 * build runs twice (`vite build`: the plugin's `buildApp`): the first pass, not written, is the bundler's own
 * chunking, from which `signInGroups` reads each module's place; the second pass groups by it. A build through
 * Vite's JavaScript `build()` (no `buildApp`) and the dev server keep the bundler's own chunking.
 */
import type { Plugin, Rollup } from 'vite';

export type SignInChunk = 'boot' | 'sign-in-shared' | 'sign-in-more';

/** A chunk of the first pass: its modules, the chunks it imports statically, the module it is the chunk of. */
export interface PassChunk {
  moduleIds: readonly string[];
  imports: readonly string[];
  facadeModuleId: string | null;
}

/** The first pass's chunks that start each load, by their module. */
export interface SignInRoots {
  /** the portal's entry (index.html) */
  entry: (id: string) => boolean;
  /** the other entries (the storefront) */
  otherEntry: (id: string) => boolean;
  /** the sign-in page (LoginPage) */
  signIn: (id: string) => boolean;
  /** what the signed-in home loads after the click (the App, the home page, its search panel) */
  home: (id: string) => boolean;
}

/** The portal's roots, by file. */
export const PORTAL_ROOTS: SignInRoots = {
  entry: (id) => /[\\/]index\.html$/.test(id),
  otherEntry: (id) => /[\\/]storefront\.html$/.test(id),
  signIn: (id) => /[\\/]src[\\/]auth[\\/]pages[\\/]LoginPage\.tsx$/.test(id),
  home: (id) => /[\\/](src[\\/]App\.tsx|plugins[\\/]home[\\/]pages[\\/]HomePage\.tsx|plugins[\\/]flights[\\/]components[\\/]HomeSearchPanel\.tsx)$/.test(id),
};

/**
 * Each module's group (the others stay where the bundler puts them), from the first pass's chunks: what the entry
 * loads beyond its own chunk (`boot`), and what the sign-in page loads beyond the entry and beyond its own chunk,
 * which the home loads too (`sign-in-shared`) or not (`sign-in-more`); nothing the storefront loads.
 */
export function signInGroups(chunks: Readonly<Record<string, PassChunk>>, is: SignInRoots = PORTAL_ROOTS): Map<string, SignInChunk> {
  const files = Object.keys(chunks);
  const rootsOf = (test: (id: string) => boolean) => files.filter((f) => chunks[f].facadeModuleId !== null && test(chunks[f].facadeModuleId as string));
  const closure = (start: readonly string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || !chunks[file]) return;
      seen.add(file);
      for (const next of chunks[file].imports) visit(next);
    };
    start.forEach(visit);
    return seen;
  };
  const modulesOf = (chunkFiles: Iterable<string>) => new Set([...chunkFiles].flatMap((f) => chunks[f].moduleIds));
  const entry = rootsOf(is.entry);
  const signIn = rootsOf(is.signIn);
  const groups = new Map<string, SignInChunk>();
  if (entry.length === 0 || signIn.length === 0) return groups;
  const entryFiles = closure(entry);
  const storefront = modulesOf(closure(rootsOf(is.otherEntry)));
  const home = modulesOf(closure(rootsOf(is.home)));
  const own = new Set([...entry, ...signIn]);
  for (const file of entryFiles) {
    if (own.has(file)) continue;
    for (const id of chunks[file].moduleIds) if (!storefront.has(id)) groups.set(id, 'boot');
  }
  for (const file of closure(signIn)) {
    if (own.has(file) || entryFiles.has(file)) continue;
    for (const id of chunks[file].moduleIds) if (!storefront.has(id)) groups.set(id, home.has(id) ? 'sign-in-shared' : 'sign-in-more');
  }
  // a module that starts a load of its own (a lazily imported one) keeps its chunk
  for (const file of files) if (chunks[file].facadeModuleId) groups.delete(chunks[file].facadeModuleId as string);
  return groups;
}

/**
 * The plugin (two passes, see above) and the chunk group for `codeSplitting.groups`: the group places nothing until
 * the first pass has been read.
 */
export function signInChunks(is: SignInRoots = PORTAL_ROOTS): { plugin: Plugin; group: { debugName: string; name: (id: string) => SignInChunk | null; includeDependenciesRecursively: false } } {
  let phase: 'none' | 'record' | 'apply' = 'none';
  let groups = new Map<string, SignInChunk>();
  const plugin: Plugin = {
    name: 'sign-in-chunks',
    apply: 'build',
    buildApp: {
      order: 'pre',
      async handler(builder) {
        const client = builder.environments.client;
        if (!client) return;
        phase = 'record';
        await builder.build(client);
        phase = 'apply';
        await builder.build(client);
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle: Rollup.OutputBundle) {
        if (phase !== 'record') return;
        const chunks: Record<string, PassChunk> = {};
        for (const [file, out] of Object.entries(bundle)) {
          if (out.type === 'chunk') chunks[file] = { moduleIds: out.moduleIds, imports: out.imports, facadeModuleId: out.facadeModuleId };
        }
        groups = signInGroups(chunks, is);
        // the first pass is only read: nothing of it is written
        for (const file of Object.keys(bundle)) delete bundle[file];
      },
    },
  };
  return {
    plugin,
    // each module by its own place: its dependencies are placed by theirs
    group: { debugName: 'sign-in', name: (id: string) => (phase === 'apply' ? groups.get(id) ?? null : null), includeDependenciesRecursively: false },
  };
}
