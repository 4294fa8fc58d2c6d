// The sign-in page's chunk groups (scripts/sign-in-chunks.ts): each module placed by the pages that load it in the
// bundler's own chunking, so that regrouping moves nothing into the entry's load, the home's load or the storefront's.
import { describe, expect, it } from 'vitest';
import { signInGroups, type PassChunk, type SignInRoots } from '../../scripts/sign-in-chunks';

const is: SignInRoots = {
  entry: (id) => id === 'index.html',
  otherEntry: (id) => id === 'storefront.html',
  signIn: (id) => id === 'LoginPage',
  home: (id) => id === 'App' || id === 'HomePage',
};
const chunk = (facadeModuleId: string | null, moduleIds: string[], imports: string[] = []): PassChunk => ({ facadeModuleId, moduleIds, imports });

// a first pass of the bundler: the entry shares a chunk with lazy parts; the sign-in page shares some with the
// home, some with a route only, some with the storefront
const pass: Record<string, PassChunk> = {
  'main.js': chunk('index.html', ['index.html', 'main.tsx'], ['react.js', 'i18n.js', 'storefront-shared.js']),
  'react.js': chunk(null, ['react', 'react-dom']),
  'i18n.js': chunk(null, ['i18n.ts']),
  'storefront-shared.js': chunk(null, ['jsx-runtime']),
  'storefront.js': chunk('storefront.html', ['storefront.html', 'storefront.ts'], ['storefront-shared.js', 'format.js']),
  'LoginPage.js': chunk('LoginPage', ['LoginPage', 'login-errors.ts'], ['react.js', 'button.js', 'password.js', 'format.js', 'alert.js']),
  'button.js': chunk(null, ['button', 'wave']),
  'password.js': chunk(null, ['password']),
  'alert.js': chunk(null, ['alert']),
  'format.js': chunk(null, ['format.ts']),
  'App.js': chunk('App', ['App', 'layout.tsx'], ['react.js', 'button.js', 'menu.js']),
  'menu.js': chunk(null, ['menu']),
  'HomePage.js': chunk('HomePage', ['HomePage'], ['alert.js']),
  'UsersPage.js': chunk('UsersPage', ['UsersPage'], ['password.js', 'menu.js']),
  // a lazily imported module that the sign-in page also imports statically: its chunk is its own
  'Lazy.js': chunk('Lazy', ['Lazy', 'lazy-helper'], []),
};
pass['LoginPage.js'] = { ...pass['LoginPage.js'], imports: [...pass['LoginPage.js'].imports, 'Lazy.js'] };

describe('signInGroups', () => {
  const groups = signInGroups(pass, is);
  it.each([
    // what the entry loads beyond its own chunk: boot (it loads it anyway)
    ['react', 'boot'],
    ['react-dom', 'boot'],
    ['i18n.ts', 'boot'],
    // the entry's own modules stay in its chunk
    ['main.tsx', undefined],
    // shared with the storefront: left where the bundler put it (the storefront loads nothing more)
    ['jsx-runtime', undefined],
    ['format.ts', undefined],
    // the sign-in page's own chunk stays
    ['LoginPage', undefined],
    ['login-errors.ts', undefined],
    // what the sign-in page loads beyond the entry that the home loads too (App, HomePage)
    ['button', 'sign-in-shared'],
    ['wave', 'sign-in-shared'],
    ['alert', 'sign-in-shared'],
    // what it loads that the home does not (a route does)
    ['password', 'sign-in-more'],
    // a lazily imported module keeps its chunk; what it holds goes with the sign-in page's
    ['Lazy', undefined],
    ['lazy-helper', 'sign-in-more'],
    // what the sign-in page does not load stays
    ['menu', undefined],
    ['layout.tsx', undefined],
    ['UsersPage', undefined],
  ])('%s → %s', (id, group) => {
    expect(groups.get(id)).toBe(group);
  });

  it('moves nothing into the entry, the home or the storefront: each loads the same modules after the regrouping', () => {
    // the second pass: the grouped modules in their chunk, the chunks importing the groups where they held one
    const regrouped: Record<string, { moduleIds: string[]; imports: string[]; facadeModuleId: string | null }> = {};
    const groupFile = (g: string) => `${g}.js`;
    for (const [file, c] of Object.entries(pass)) {
      const kept = c.moduleIds.filter((id) => !groups.has(id));
      const uses = new Set(c.moduleIds.filter((id) => groups.has(id)).map((id) => groupFile(groups.get(id) as string)));
      regrouped[file] = { facadeModuleId: c.facadeModuleId, moduleIds: kept, imports: [...c.imports, ...uses] };
    }
    for (const g of new Set(groups.values())) regrouped[groupFile(g)] = { facadeModuleId: null, moduleIds: [...groups].filter(([, v]) => v === g).map(([id]) => id), imports: [] };
    // a chunk that imported a grouped chunk now imports the group
    for (const c of Object.values(regrouped)) {
      c.imports = c.imports.flatMap((file) => (regrouped[file].moduleIds.length || !pass[file] ? [file] : [...new Set(pass[file].moduleIds.map((id) => groupFile(groups.get(id) as string)))]));
    }
    const loads = (chunks: Readonly<Record<string, PassChunk>>, roots: string[]) => {
      const seen = new Set<string>();
      const visit = (f: string) => {
        if (seen.has(f) || !chunks[f]) return;
        seen.add(f);
        chunks[f].imports.forEach(visit);
      };
      roots.forEach(visit);
      return new Set([...seen].flatMap((f) => chunks[f].moduleIds));
    };
    const entryBefore = loads(pass, ['main.js']);
    expect(loads(regrouped, ['main.js'])).toEqual(entryBefore);
    expect(loads(regrouped, ['storefront.js'])).toEqual(loads(pass, ['storefront.js']));
    // the home after the sign-in: nothing beyond what it loaded before, once the sign-in page's modules are there
    const signedIn = loads(pass, ['main.js', 'LoginPage.js']);
    const homeBefore = [...loads(pass, ['App.js', 'HomePage.js'])].filter((id) => !signedIn.has(id));
    const homeAfter = [...loads(regrouped, ['App.js', 'HomePage.js'])].filter((id) => !loads(regrouped, ['main.js', 'LoginPage.js']).has(id));
    expect(homeAfter.sort()).toEqual(homeBefore.sort());
    // and the sign-in page in fewer files, with the same modules
    expect(loads(regrouped, ['main.js', 'LoginPage.js'])).toEqual(signedIn);
  });

  it('places nothing when the first pass has no entry or no sign-in page', () => {
    expect(signInGroups({ 'main.js': pass['main.js'] }, is).size).toBe(0);
    expect(signInGroups({ 'LoginPage.js': pass['LoginPage.js'] }, is).size).toBe(0);
  });
});
