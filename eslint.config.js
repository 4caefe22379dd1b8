// @ts-check
/**
 * Lint, type-checked. Besides style and correctness, this file is where the project's
 * boundaries are written down, so that they are checked on every commit rather than remembered:
 *
 * 1. The widget imports only Lit, its own modules and the sealed contract (`#contract`).
 * 2. The contract's entry pulls in nothing but its own dependency-free modules (zod stays in
 *    `proxy/contract/schemas/`, for the proxy).
 * 3. Product code imports no test code (`proxy/test/`, `*.test.ts`) and nothing from `demo/`
 *    or `e2e/`; delivery and the app-wide HTTP pieces import nothing of the intake (the
 *    enquiry's one door hands what it stored down to them, never the reverse); booking
 *    imports nothing of the routes, the intake, the console or the CLI that ask it.
 * 4. The stand-in enquiry API (`demo/enquiry-api/`) shares no import with the proxy: it is an
 *    independent oracle of the spec.
 * 5. No import cycles.
 * 6. Every export of product code has a doc comment.
 * 7. Every exported value is imported somewhere (`eslint/unused-exports.js`): dead code goes.
 */
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsdoc from 'eslint-plugin-jsdoc';
import tseslint from 'typescript-eslint';
import { unusedExport } from './eslint/unused-exports.js';

/** Test code: specs, tests, the test wing, the end-to-end suites and benchmarks. */
const TEST_FILES = ['**/*.test.ts', '**/*.spec.ts', 'proxy/test/**', 'e2e/**'];

/**
 * A widget module reaching into proxy/ by a relative path, the contract's entry included: the
 * path zone below must let that file through (it is what `#contract` resolves to), so the
 * import's text is what tells the two apart. Types too: one way in keeps the seal checkable.
 */
const BY_PATH_TO_THE_PROXY = {
  regex: '^(\\.\\./)+proxy(/|$)',
  message: 'The widget imports the contract only through #contract, not by its path.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'test-results',
      'playwright-report',
      'demo/site/**/*.js',
      '*.config.*',
      'custom-elements-manifest.config.mjs',
      // The project's own lint rules: plain JavaScript, type-checked as this file is (@ts-check).
      'eslint/**',
      // Apps that import the packed widget: type-checked where they are installed
      // (e2e/packaged-apps.spec.ts), as an app's own compiler checks them.
      'e2e/packaged/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  importX.flatConfigs.recommended,
  {
    // import-x's TypeScript preset, but with Node's resolution: imports name their files with
    // extensions, so it finds every module. (eslint-import-resolver-typescript needs native
    // bindings the registry lacks for most platforms, which would put `npm ci` out of step with
    // the lock file.)
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': { node: { extensions: ['.ts', '.js'] } },
    },
    rules: importX.flatConfigs.typescript.rules,
  },
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Numbers and booleans read fine in messages; objects would print "[object Object]".
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      // The store and byte-source interfaces are asynchronous by contract; their in-memory and
      // SQLite implementations have nothing to await. Forgotten awaits are caught by
      // no-floating-promises and await-thenable instead.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      // TypeScript itself checks what these would (typescript-eslint advises turning them off).
      'import-x/no-unresolved': 'off',
      'import-x/named': 'off',
      'import-x/namespace': 'off',
      'import-x/default': 'off',
      'import-x/no-named-as-default-member': 'off',
    },
  },
  {
    // 1. The widget: Lit, its own modules, and the contract through its one entry. Its framework
    // typings (widget/types/) name React's and Vue's types, and are never bundled.
    files: ['widget/**/*.ts'],
    ignores: [...TEST_FILES, 'widget/types/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!lit(/|$)|#contract$|\\.\\.?/)',
              message: 'The widget imports only lit, #contract and its own modules.',
            },
            BY_PATH_TO_THE_PROXY,
            {
              regex: '^lit$',
              allowTypeImports: true,
              message:
                'Lit’s values come from lit/html.js: lit’s index would bundle LitElement, which the element does without (element-base.ts).',
            },
            {
              regex: '^lit/(directives?/|directive\\.js|async-directive)',
              message:
                'The bundle has no directives: bundle/lean-lit.ts cuts their resolution out of lit-html, as the widget renders plain values.',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './widget',
              from: './',
              except: ['./widget', './node_modules/lit', './proxy/contract/index.ts'],
              message: 'The widget imports the contract only through #contract.',
            },
          ],
        },
      ],
    },
  },
  // 1b. The late bundle is built on its own (bundle/late-bundle.ts): from the rest of the widget
  // it takes only types, never a value, which would be a second copy with its own state. Lit's
  // tags come from its lit-tags.ts, so it brings no second Lit. One block per folder depth.
  ...['widget/late/*.ts', 'widget/late/*/*.ts'].map((files, depth) => ({
    files: [files],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!lit$|#contract$|\\.\\.?/)',
              message: 'The late bundle imports only #contract, its own modules and types.',
            },
            BY_PATH_TO_THE_PROXY,
            {
              regex: `^(\\.\\./){${depth + 1}}`,
              allowTypeImports: true,
              message: 'Only types from the rest of the widget: a value would be a second copy.',
            },
            {
              regex: '^lit$',
              allowTypeImports: true,
              message:
                'Lit’s tags come from lit-tags.ts: a value import would bundle a second Lit.',
            },
          ],
        },
      ],
    },
  })),
  {
    // 2. The contract's browser side: its own modules only, and only types from schemas/.
    files: ['proxy/contract/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./)',
              message: 'The contract runs in browsers: it imports only its own modules.',
            },
            {
              group: ['./schemas/*'],
              allowTypeImports: true,
              message: 'Only types from schemas/: a value import would put zod in the widget.',
            },
          ],
        },
      ],
    },
  },
  {
    // 3. Product code never leans on tests, the demo or the end-to-end suites. (The widget's
    // own zone, above, already allows nothing but itself, Lit and the contract's entry.)
    files: ['proxy/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './proxy',
              from: './proxy/test',
              message: 'Product code imports no test code.',
            },
            {
              target: ['./proxy/delivery', './proxy/http'],
              from: './proxy/intake',
              message:
                'The intake hands a stored submission down: delivery and http/ never reach back up into it.',
            },
            {
              target: './proxy/booking',
              from: ['./proxy/http', './proxy/intake', './proxy/console', './proxy/cli'],
              message:
                'Booking answers the routes, the intake, the console and the CLI: it never reaches up into them.',
            },
            {
              target: './proxy',
              from: './demo',
              message: 'Product code imports nothing from demo/.',
            },
            {
              target: './proxy',
              from: './e2e',
              message: 'Product code imports nothing from e2e/.',
            },
            {
              target: './proxy',
              from: './widget',
              message: 'The proxy does not import the widget.',
            },
          ],
        },
      ],
    },
  },
  {
    // 4. The stand-in is written from the spec alone.
    files: ['demo/enquiry-api/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './demo/enquiry-api',
              from: './proxy',
              message: 'The stand-in shares nothing with the proxy but the spec.',
            },
            { target: './demo/enquiry-api', from: './widget' },
          ],
        },
      ],
    },
  },
  {
    // 6. Every export of product code says what it is.
    files: ['proxy/**/*.ts', 'widget/**/*.ts', 'demo/**/*.ts'],
    ignores: TEST_FILES,
    plugins: { jsdoc },
    rules: {
      'jsdoc/require-jsdoc': [
        'error',
        {
          publicOnly: true,
          require: {
            ArrowFunctionExpression: true,
            ClassDeclaration: true,
            ClassExpression: true,
            FunctionDeclaration: true,
            FunctionExpression: true,
            MethodDefinition: false,
          },
          contexts: [
            'TSInterfaceDeclaration',
            'TSTypeAliasDeclaration',
            'TSEnumDeclaration',
            'ExportNamedDeclaration > VariableDeclaration',
          ],
        },
      ],
    },
  },
  {
    // 7. An exported value that no module imports is dead code, or needs no export. Types are
    // left alone (an exported options type names a public function's parameter).
    files: ['proxy/**/*.ts', 'widget/**/*.ts', 'demo/**/*.ts', 'bundle/**/*.ts', 'e2e/**/*.ts'],
    plugins: { 'enquiry-form': { rules: { 'unused-export': unusedExport } } },
    rules: { 'enquiry-form/unused-export': 'error' },
  },
  {
    // Test code may use non-null assertions on what it just arranged, and vitest's asymmetric
    // matchers (`expect.any(String)`), which are typed `any`.
    files: TEST_FILES,
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
);
