// @ts-check
/**
 * The `enquiry-form/unused-export` rule: a value a module exports and no module imports is dead
 * code, or should not be exported. `import-x/no-unused-modules` would say so, but it cannot list
 * a flat-config project's files; this reads every module of the project once (TypeScript's
 * parser, no type checking), notes what each imports from each, and reports an exported value
 * (a function, class, constant or enum, or a name re-exported from one) that nothing imports.
 * Types are left alone: an exported options type names a public function's parameter.
 *
 * A module whose exports are read from outside the project's modules is an entry (`ENTRIES`). A module imported whole
 * (`import * as`, `export *`, `import()`, `typeof import()`) has every export read.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Test code: specs, tests, the test wing, the end-to-end suites and benchmarks. */
const isTest = (/** @type {string} */ path) =>
  /\.(test|spec)\.ts$/.test(path) || path.startsWith('proxy/test/') || path.startsWith('e2e/');

/** The product: the proxy, the widget and its build, whose code only the product should need. */
const isProduct = (/** @type {string} */ path) =>
  /^(proxy|widget|bundle)\//.test(path) && !isTest(path);

/** The folders whose modules import one another (and the build's configurations at the top). */
const FOLDERS = ['proxy', 'widget', 'demo', 'bundle', 'e2e'];
/**
 * Modules whose exports are read by what is not a module of the project: the npm package's
 * module and its types (with their compile-time check), and the runners' global set-ups, named
 * by path in their configurations (Playwright's build of the widget; the summary of the system
 * tools every runner ends with).
 */
const ENTRIES = [
  'widget/index.ts',
  'widget/types/',
  'e2e/support/build-widget.ts',
  'proxy/test/fixtures/tools-summary.ts',
];
/** Import aliases (`package.json`'s `imports`). */
const ALIASES = /** @type {Record<string, string>} */ ({ '#contract': 'proxy/contract/index.ts' });

/**
 * @typedef {object} ModuleFacts
 * @property {Map<string, string>} values Exported values: name → the name where it is declared,
 *   with the module it comes from for a re-export (`module#name`), else ''.
 * @property {Set<string>} read Names other modules import from it ('*' for all).
 * @property {Set<string>} readByProduct The same, imported by product code (not by tests).
 */

/** @type {Map<string, Map<string, ModuleFacts>>} */
const projects = new Map();

/**
 * Every module of the project at `root`, by its path from the root.
 *
 * @param {string} root
 */
function moduleFiles(root) {
  const configs = readdirSync(root).filter((name) => name.endsWith('.ts'));
  return configs.concat(
    FOLDERS.flatMap((folder) =>
      readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name))
        .filter((entry) => !entry.parentPath.split('/').includes('node_modules'))
        .map((entry) => relative(root, join(entry.parentPath, entry.name))),
    ),
  );
}

/**
 * The module `specifier` names from `from`, by its path from the root; undefined for a package.
 *
 * @param {string} root
 * @param {string} from
 * @param {string} specifier
 */
function target(root, from, specifier) {
  const alias = ALIASES[specifier];
  if (alias) return alias;
  if (!specifier.startsWith('.')) return undefined;
  const path = relative(root, resolve(root, dirname(from), specifier));
  return existsSync(join(root, path)) || !existsSync(join(root, `${path}.ts`))
    ? path
    : `${path}.ts`;
}

/**
 * What one module exports and imports.
 *
 * @param {string} root
 * @param {string} path
 * @param {(module: string | undefined, name: string) => void} imports
 * @returns {Map<string, string>} its exported values (see `ModuleFacts`)
 */
function scan(root, path, imports) {
  const source = ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), 99, true);
  /** @type {Map<string, string>} */
  const values = new Map();
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = target(root, path, node.moduleSpecifier.text);
      const clause = node.importClause;
      if (clause?.name) imports(from, 'default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) imports(from, '*');
      else
        for (const element of bindings?.elements ?? [])
          imports(from, (element.propertyName ?? element.name).text);
    } else if (ts.isExportDeclaration(node)) {
      const specifier = node.moduleSpecifier;
      const from =
        specifier && ts.isStringLiteral(specifier) ? target(root, path, specifier.text) : undefined;
      const clause = node.exportClause;
      if (!clause) imports(from, '*');
      else if (ts.isNamespaceExport(clause)) imports(from, '*');
      else
        for (const element of clause.elements) {
          const original = (element.propertyName ?? element.name).text;
          if (from) imports(from, original);
          if (!node.isTypeOnly && !element.isTypeOnly)
            values.set(element.name.text, from ? `${from}#${original}` : '');
        }
    } else if (ts.isExportAssignment(node)) {
      values.set('default', '');
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      imports(target(root, path, node.arguments[0].text), '*');
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      imports(target(root, path, node.argument.literal.text), '*');
    }
    if (node.parent === source && ts.canHaveModifiers(node)) {
      const modifiers = ts.getModifiers(node) ?? [];
      if (modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) {
        if (modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword))
          values.set('default', '');
        else if (ts.isVariableStatement(node))
          for (const declaration of node.declarationList.declarations) {
            if (ts.isIdentifier(declaration.name)) values.set(declaration.name.text, '');
          }
        else if (
          (ts.isFunctionDeclaration(node) ||
            ts.isClassDeclaration(node) ||
            ts.isEnumDeclaration(node)) &&
          node.name
        )
          values.set(node.name.text, '');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return values;
}

/**
 * The project's modules, each with its exported values and what others read of it: read once,
 * and again when a module it does not know is linted (one written since, a lint probe).
 *
 * @param {string} root
 * @param {string} path the module being linted
 */
function project(root, path) {
  const known = projects.get(root);
  if (known?.has(path)) return known;
  /** @type {Map<string, ModuleFacts>} */
  const modules = new Map();
  /** @param {string} path */
  const facts = (path) => {
    let found = modules.get(path);
    if (!found)
      modules.set(path, (found = { values: new Map(), read: new Set(), readByProduct: new Set() }));
    return found;
  };
  for (const path of moduleFiles(root)) {
    const values = scan(root, path, (module, name) => {
      if (!module) return;
      facts(module).read.add(name);
      if (!isTest(path)) facts(module).readByProduct.add(name);
    });
    facts(path).values = values;
  }
  // A re-export of a type is no value: keep only what leads to a declared value.
  for (const { values } of modules.values())
    for (const [name, origin] of values) {
      if (!origin) continue;
      const [module = '', original = ''] = origin.split('#');
      const declared = modules.get(module)?.values;
      if (declared && !declared.has(original)) values.delete(name);
    }
  projects.set(root, modules);
  return modules;
}

/**
 * Where the module exports `name`: its declaration, its specifier, or the default export.
 *
 * @param {import('estree').Program} program
 * @param {string} name
 * @returns {import('estree').Node}
 */
function exportNode(program, name) {
  for (const statement of program.body) {
    if (statement.type === 'ExportDefaultDeclaration' && name === 'default') return statement;
    if (statement.type !== 'ExportNamedDeclaration') continue;
    const specifier = statement.specifiers.find(
      (one) => one.exported.type === 'Identifier' && one.exported.name === name,
    );
    if (specifier) return specifier;
    const declaration = statement.declaration;
    if (declaration?.type === 'VariableDeclaration') {
      const declarator = declaration.declarations.find(
        (one) => one.id.type === 'Identifier' && one.id.name === name,
      );
      if (declarator) return declarator;
    } else if (declaration && 'id' in declaration && declaration.id?.name === name) {
      return declaration;
    }
  }
  return program;
}

/**
 * True when `identifier` is where the module exports its name (`export { name }`), not a use.
 *
 * @param {import('estree').Node} identifier
 */
const isExportReference = (identifier) =>
  /** @type {{ parent?: import('estree').Node }} */ (identifier).parent?.type === 'ExportSpecifier';

/** @type {import('eslint').Rule.RuleModule} */
export const unusedExport = {
  meta: {
    type: 'problem',
    docs: { description: 'An exported value that no module of the project imports' },
    messages: {
      unused:
        '{{name}} is exported and no module imports it: delete it, or drop the export if the module uses it.',
      testOnly:
        '{{name}} is used by tests only: it is test code, and goes with the tests (proxy/test/fixtures/).',
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const path = relative(root, context.filename);
    if (ENTRIES.some((entry) => path.startsWith(entry))) return {};
    return {
      Program(program) {
        // A module outside the project's folders is none of this rule's business.
        const facts = project(root, path).get(path);
        if (!facts) return;
        if (facts.read.has('*')) return;
        const scope = context.sourceCode.scopeManager?.globalScope?.childScopes[0];
        for (const [name] of facts.values) {
          const node = exportNode(program, name);
          if (!facts.read.has(name)) {
            context.report({ node, messageId: 'unused', data: { name } });
            continue;
          }
          // Product code nothing in the product uses, not even its own module: a test's helper.
          if (!isProduct(path) || facts.readByProduct.has(name)) continue;
          const variable = scope?.set.get(name);
          const usedHere = variable?.references.some(
            (reference) => reference.isRead() && !isExportReference(reference.identifier),
          );
          if (variable && !usedHere)
            context.report({ node, messageId: 'testOnly', data: { name } });
        }
      },
    };
  },
};
