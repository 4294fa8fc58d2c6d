import { parseSync, type Plugin } from 'vite';

/**
 * The contract's top-level values (zod schemas, lists, maps) are made without side effects: the initializer of every
 * top-level `const` of a contract file that calls, reads a property or spreads is wrapped at build time in a function
 * called at once and marked pure, so that a module of the signed-in shell that needs only a constant, a path or a
 * rule of a contract file does not bring that file's schemas, nor zod, with it. Marking the calls alone was not
 * enough: the bundler keeps what it cannot prove free of effects even when the result is unused, and
 * `z.object({ ...ids, from: isoDate.optional() })` left `({ ...ids })` and `isoDate.optional()` behind, with zod.
 * A value that is used is computed as before, at the same moment; the bodies of the functions a value holds are
 * untouched.
 */
export function markPureInitializers(code: string, filename = 'contract.ts'): string {
  const { program } = parseSync(filename, code, { lang: 'ts' });
  const effectful = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false;
    if (Array.isArray(node)) return node.some(effectful);
    const n = node as { type?: string };
    // a function's body runs later, when called
    if (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression' || n.type === 'ClassExpression') return false;
    if (n.type === 'CallExpression' || n.type === 'NewExpression' || n.type === 'MemberExpression' || n.type === 'SpreadElement'
      || n.type === 'TaggedTemplateExpression') return true;
    return Object.entries(n).some(([key, value]) => key !== 'type' && value !== null && typeof value === 'object' && effectful(value));
  };
  const edits: { start: number; end: number }[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations) {
      const init = declarator.init;
      // an `await` cannot move into a function: such a value is left as it is
      if (init && effectful(init) && !JSON.stringify(init).includes('"AwaitExpression"')) edits.push({ start: init.start, end: init.end });
    }
  }
  let out = code;
  for (const { start, end } of edits.sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
  }
  return out;
}

/** The build's plugin: contract files (`contract/*.ts`) get their top-level values marked pure. */
export function pureSchemas(): Plugin {
  return {
    name: 'pure-contract-schemas',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]contract[\\/][^\\/]+\.ts$/.test(id)) return null;
      const marked = markPureInitializers(code, id);
      return marked === code ? null : { code: marked, map: null };
    },
  };
}
