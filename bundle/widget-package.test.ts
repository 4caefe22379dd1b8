/**
 * The widget's npm package, as an app would get it: `npm pack` holds only the widget's files;
 * installed from the tarball into an app, `import('enquiry-form')` resolves in Node (server
 * rendering) and an app's TypeScript compiles against its types, under both module resolutions
 * apps use. (`npm test` builds the widget and its manifest first.)
 */
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_DIR, buildWidgetPackage, packWidget } from './widget-package.ts';

/** Every file the package holds besides its chunks: a file added to it is a decision. */
const PACKAGE_FILES = [
  'README.md',
  'custom-elements.json',
  'enquiry-form.d.ts',
  'enquiry-form.js',
  'enquiry-form.js.map',
  'frameworks.d.ts',
  'package.json',
];

const run = promisify(execFile);
const APP = resolve('dist/package-consumer');
const TSC = resolve('node_modules/typescript/bin/tsc');

/** An app's TypeScript: what it may write compiles, and a mistake does not. */
const APP_SOURCE = `
import { EnquiryForm, TAG_NAME, type EnquirySubmittedDetail } from 'enquiry-form';

const form: EnquiryForm = document.createElement(TAG_NAME);
form.caseType = 'conveyancing';
form.addEventListener('enquiry-submitted', (event) => {
  const detail: EnquirySubmittedDetail = event.detail;
  console.log(detail.reference.toUpperCase(), detail.enquiryId ?? 'queued');
});
form.addEventListener('enquiry-failed', (event) => console.log(event.detail.reason));
// @ts-expect-error -- the submitted event's detail has no such field
form.addEventListener('enquiry-submitted', (event) => event.detail.nope);
// @ts-expect-error -- attributes are strings
form.campaign = 42;
`;

async function compiles(moduleResolution: 'bundler' | 'nodenext') {
  const compilerOptions = {
    strict: true,
    noEmit: true,
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    module: moduleResolution === 'bundler' ? 'ESNext' : 'NodeNext',
    moduleResolution,
    types: [],
  };
  const config = join(APP, `tsconfig.${moduleResolution}.json`);
  await writeFile(config, JSON.stringify({ compilerOptions, files: ['app.ts'] }));
  await run(process.execPath, [TSC, '-p', config]);
}

describe('the widget package', () => {
  let tarball = '';
  beforeAll(async () => {
    tarball = await packWidget();
    await rm(APP, { recursive: true, force: true });
    await mkdir(APP, { recursive: true });
    await writeFile(
      join(APP, 'package.json'),
      JSON.stringify({ name: 'an-app', private: true, type: 'module' }),
    );
    await writeFile(join(APP, 'app.ts'), APP_SOURCE);
    // As an app installs it; the package has no dependencies, so nothing is fetched.
    await run('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund'], { cwd: APP });
  }, 120_000);

  it('packs the element, its chunks, types, manifest and README, and nothing else', async () => {
    const chunks = await buildWidgetPackage();
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--loglevel', 'error'], {
      cwd: PACKAGE_DIR,
    });
    const [packed] = JSON.parse(stdout) as { files: { path: string }[] }[];
    const files = packed?.files.map((file) => file.path).sort();
    expect(files).toEqual([...PACKAGE_FILES, ...chunks].sort());
    expect(chunks.every((name) => /^enquiry-form\.chunk-[\w-]+\.js(\.map)?$/.test(name))).toBe(
      true,
    );
    expect(tarball).toMatch(/dist\/enquiry-form-\d+\.\d+\.\d+\.tgz$/);
  });

  it('resolves import("enquiry-form") in Node, defining nothing there', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import('enquiry-form'); console.log(m.TAG_NAME, typeof m.EnquiryForm, typeof customElements)",
      ],
      { cwd: APP },
    );
    expect(stdout.trim()).toBe('enquiry-form function undefined');
  });

  it.each(['bundler', 'nodenext'] as const)(
    'gives an app typed properties and events (%s resolution)',
    async (resolution) => {
      await expect(compiles(resolution)).resolves.toBeUndefined();
    },
    60_000,
  );
});
