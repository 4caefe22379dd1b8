/**
 * The manual cannot rot: its generated sections match the code, and every snippet in it (on the
 * front page or in a chapter of `docs/`) is checked against the thing it describes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { afterAll, describe, expect, it } from 'vitest';
import { FALLBACK_CSS } from '../../bundle/fallback.ts';
import { RESERVED_SPACE } from '../../e2e/bench/pages.ts';
import { parseFormConfig } from '../../proxy/contract/schemas/form-config.ts';
import { proxyEnvSchema } from '../../proxy/env.ts';
import { proxyHarness } from '../../proxy/test/fixtures/proxy-harness.ts';
import { DEFAULT_STRINGS } from '../../proxy/contract/strings.ts';
import { renderEnvExample } from './env-example.ts';
import { manualBlock, manualFiles, readManual } from './manual.ts';
import { elementDeclaration, generatedSections, MANIFEST_PATH, renderReadme } from './sections.ts';
import { storedLeads } from '../../proxy/test/fixtures/outbox.ts';
import { bilingual } from '../forms/index.ts';

const README = readManual();
const manifest = elementDeclaration(readFileSync(MANIFEST_PATH, 'utf8'));

const block = (info: string) => manualBlock(info, README);

/** The widget's product sources, where its templates write `part="…"`. */
function templateFiles(dir = 'widget'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'types' ? [] : templateFiles(path);
    return /(?<!\.test|\.spec)\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('the manual (README.md and docs/)', () => {
  it('has its generated sections up to date (npm run docs)', async () => {
    const sections = generatedSections();
    for (const path of manualFiles()) {
      const text = readFileSync(path, 'utf8');
      const options = (await prettier.resolveConfig(path)) ?? {};
      const expected = await prettier.format(renderReadme(text, sections), {
        ...options,
        parser: 'markdown',
      });
      expect(text, path).toBe(expected);
    }
  });

  it('keeps its front page short and links every chapter', () => {
    const front = readFileSync('README.md', 'utf8');
    expect(front.split('\n').length).toBeLessThanOrEqual(250);
    for (const chapter of manualFiles().slice(1)) expect(front).toContain(`](${chapter})`);
  });

  it('has .env.example up to date with every variable and its default (npm run docs)', () => {
    expect(readFileSync('.env.example', 'utf8')).toBe(renderEnvExample());
    for (const name of Object.keys(proxyEnvSchema.shape))
      expect(renderEnvExample()).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
  });

  it('names only files and folders that exist', () => {
    const named = new Set(
      [...README.matchAll(/`((?:proxy|widget|demo|e2e|deploy)\/[\w./*-]*)`/g)].map(
        (m) => m[1] ?? '',
      ),
    );
    const missing = [...named].filter(
      (path) => !path.includes('*') && !existsSync(path.replace(/:\d+$/, '')),
    );
    expect(missing).toEqual([]);
  });

  it('configures a form the proxy accepts', () => {
    expect(() => parseFormConfig(JSON.parse(block('json form-config')))).not.toThrow();
  });

  // The proxy built from the README's own example configuration, not another one.
  const harness = proxyHarness({ config: parseFormConfig(JSON.parse(block('json form-config'))) });
  afterAll(() => harness.close());

  it('shows an enquiry part that the proxy of its own example configuration delivers', async () => {
    const part = JSON.parse(block('json enquiry-part')) as Record<string, unknown>;
    const response = await harness.submit({ ...part, form_token: harness.formToken() });
    expect(response.status).toBe(201);
    const [stored] = await storedLeads(harness.store);
    expect(stored?.upstream.meta.map((m) => m.id)).toEqual([
      'transaction',
      'lender',
      'notes',
      'consent_contact',
    ]);
  });

  it('states the shortest secret each variable takes', () => {
    const shortest = (name: 'FORM_TOKEN_SECRET' | 'NOTIFY_WEBHOOK_SECRET') => {
      const schema = proxyEnvSchema.shape[name];
      const length = [...Array(200).keys()].find((n) => schema.safeParse('x'.repeat(n)).success);
      return length ?? -1;
    };
    for (const name of ['FORM_TOKEN_SECRET', 'NOTIFY_WEBHOOK_SECRET'] as const) {
      const row = README.split('\n').find((line) => line.startsWith(`| \`${name}\``)) ?? '';
      expect(row).toContain(`at least ${String(shortest(name))} characters`);
    }
  });

  it('lists every part the element’s templates expose', () => {
    const named = new Set((manifest.cssParts ?? []).map((part) => part.name));
    const used = new Set<string>();
    for (const file of templateFiles())
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/\bpart="([\w-]+)"/g))
        used.add(name ?? '');
    expect([...used].filter((name) => !named.has(name))).toEqual([]);
  });

  it('gives each shipped language a fallback whose link opens the form page in it', async () => {
    const english = block('html embed');
    const welsh = block('html fallback-cy');
    const harness = proxyHarness({
      config: bilingual.first,
      translations: bilingual,
    });
    for (const [snippet, lang] of [
      [english, 'en'],
      [welsh, 'cy'],
    ] as const) {
      expect(snippet).toContain('<p class="enquiry-form-fallback">');
      const link = /<a href="https:\/\/forms\.example\.com(\/form\?[^"]+)"/.exec(snippet)?.[1];
      const page = await (await harness.app.request(link?.replaceAll('&amp;', '&') ?? '')).text();
      expect(page).toContain(`<html lang="${lang}" dir="ltr">`);
      expect(page).toContain(`<h1>${bilingual.inLanguage(lang).caseTypes[0]?.label}</h1>`);
    }
  });

  it('embeds the element with attributes it has, from the route that serves it', () => {
    const html = block('html embed');
    expect(html).toMatch(
      /<script type="module" src="https:\/\/[^"]+\/enquiry-form\.js"><\/script>/,
    );
    const attributes = [...html.matchAll(/^\s+([a-z-]+)="/gm)].map((m) => m[1]);
    const known = (manifest.attributes ?? []).map((a) => a.name);
    expect(attributes.length).toBeGreaterThan(0);
    for (const name of attributes) expect(known).toContain(name);
    // The space it keeps for the form while the script loads is the one the speed bench measures,
    // and the demo site's.
    const css = (text: string) => text.replace(/\s+/g, ' ').trim();
    expect(css(html)).toContain(css(RESERVED_SPACE));
    expect(css(readFileSync('demo/site/site.css', 'utf8'))).toContain(css(RESERVED_SPACE));
    // The fallback held back while the script may still come, as `npm run embed` holds it.
    expect(css(html)).toContain(css(FALLBACK_CSS));
    expect(css(readFileSync('demo/site/site.css', 'utf8'))).toContain(css(FALLBACK_CSS));
    expect(html).toContain('<p class="enquiry-form-fallback">');
  });

  it('styles and translates with names the element has', () => {
    const css = block('css');
    for (const [, property] of css.matchAll(/(--enquiry-form-[\w-]+)/g)) {
      expect((manifest.cssProperties ?? []).map((p) => p.name)).toContain(property);
    }
    for (const [, part] of css.matchAll(/::part\(([\w-]+)\)/g))
      expect((manifest.cssParts ?? []).map((p) => p.name)).toContain(part);
    for (const [, key] of block('js').matchAll(/^\s+'?([\w.]+)'?:/gm))
      expect(Object.keys(DEFAULT_STRINGS)).toContain(key);
  });

  it('names only npm scripts that exist', () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
        .scripts,
    );
    const named = [...README.matchAll(/npm (?:run (?:-s )?)?([\w:-]+)/g)]
      .map((m) => m[1])
      // npm's own commands (`npm update` a dependency), not scripts of ours.
      .filter((name) => !['install', 'ci', 'test', 'start', 'run', 'update'].includes(name ?? ''));
    for (const name of named) expect(scripts).toContain(name);
    expect(scripts).toEqual(
      expect.arrayContaining(['test', 'start', 'proxy', 'enquiry-api', 'outbox']),
    );
  });

  it('names only environment variables the proxy or the stand-in reads', () => {
    const standIn =
      readFileSync('demo/enquiry-api/config.ts', 'utf8') +
      readFileSync('demo/enquiry-api/fault-settings.ts', 'utf8');
    const launcher =
      readFileSync('demo/start.ts', 'utf8') + readFileSync('e2e/support/browser.ts', 'utf8');
    // The chaos suite's counts (docs/operations-chaos.md): read by the suite, set by its script.
    const suites = readFileSync('proxy/test/postgres/chaos.test.ts', 'utf8');
    // Read by Node itself, not by our code: production.md says the proxy's flags go there too.
    const runtime = new Set(['NODE_OPTIONS']);
    // A secret's `NAME_FILE` form is read wherever `NAME` is.
    const mentioned = new Set(
      [...README.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`/g)].map((m) =>
        (m[1] ?? '').replace(/_FILE$/, ''),
      ),
    );
    for (const name of mentioned) {
      const known =
        name in proxyEnvSchema.shape ||
        standIn.includes(name) ||
        launcher.includes(name) ||
        suites.includes(name) ||
        runtime.has(name);
      expect(known, `${name} is read by nothing`).toBe(true);
    }
  });

  it('quotes the messages the proxy really gives in Troubleshooting', () => {
    const source = [
      'proxy/delivery/pause.ts',
      'proxy/platform.ts',
      'proxy/contract/strings/proxy-words.ts',
    ]
      .map((p) => readFileSync(p, 'utf8'))
      .join('\n');
    for (const message of [
      'configuration error: ',
      'Delivery is paused and checked again',
      'the platform printed a PHP ${kind} before its JSON',
    ]) {
      expect(README).toContain(message.replace('${kind}', 'Warning'));
      expect(source).toContain(message);
    }
    expect(source).toContain('Enquiries from {origin} are not accepted');
  });
});
