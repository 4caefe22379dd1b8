/**
 * Cuts out of the late bundle's build what it takes from the entry (`widget/late-shared.ts`):
 * each exported declaration so named, in the contract's and the late bundle's own modules, is
 * replaced by the value the entry left for it (`widget/late-bundle.ts`). The late bundle's code
 * then reads them as before; only their second copy is gone.
 */
import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { LATE_SHARED, lateSharedKey } from '../widget/late-shared.ts';

const HANDED_OVER = 'enquiry-form:handed-over';

/** Modules whose exports may be handed over: the contract's and the late bundle's own. */
const SHAREABLE = /\/(proxy\/contract|widget\/late)\/[\w.-]+\.ts$/;

/** The name an exported function or single constant declares, if the statement is one. */
function exportedName(statement: ts.Statement): string | undefined {
  const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
  if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) return;
  if (ts.isFunctionDeclaration(statement)) return statement.name?.text;
  if (!ts.isVariableStatement(statement)) return;
  const [declaration, ...more] = statement.declarationList.declarations;
  if (declaration && more.length === 0 && ts.isIdentifier(declaration.name))
    return declaration.name.text;
}

/** The late bundle's build: `LATE_SHARED`'s values come from the entry, not from this build. */
export function handedOverByTheEntry(): Plugin {
  const names = new Set(Object.keys(LATE_SHARED));
  const replaced = new Set<string>();
  return {
    name: 'enquiry-form:handed-over',
    enforce: 'pre',
    resolveId: (id) => (id === HANDED_OVER ? `\0${HANDED_OVER}` : null),
    load: (id) =>
      id === `\0${HANDED_OVER}`
        ? {
            // The entry left them under a key made from this bundle's URL, before importing it.
            code: `export default globalThis[(${lateSharedKey.toString()})(import.meta.url)];`,
            // Only a read: where it lands is decided by who uses it, as for any other module.
            moduleSideEffects: false,
          }
        : null,
    transform(code, id) {
      if (!SHAREABLE.test(id)) return null;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true);
      const edited = new MagicString(code);
      const taken: string[] = [];
      for (const statement of source.statements) {
        const name = exportedName(statement);
        if (name === undefined || !names.has(name)) continue;
        edited.remove(statement.getStart(), statement.end);
        taken.push(name);
        replaced.add(name);
      }
      if (taken.length === 0) return null;
      edited.prepend(
        `import handedOver from '${HANDED_OVER}';\nexport const { ${taken.join(', ')} } = handedOver;\n`,
      );
      return { code: edited.toString(), map: edited.generateMap({ hires: true, source: id }) };
    },
    buildEnd(error) {
      const missing = [...names].filter((name) => !replaced.has(name));
      if (!error && missing.length > 0)
        this.error(`LATE_SHARED names what the late bundle does not define: ${missing.join(', ')}`);
    },
  };
}
