/**
 * The README's generated sections, built from the code they describe: the element's manifest,
 * the proxy's environment schema, the contract's limits, the demo site's CSP, the CLI's usage,
 * and the widget's weight as the build measures it (a section of one line is written inline,
 * in its sentence).
 * `npm run docs` writes them; `readme.test.ts` fails when the README is out of date.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { builtWeight } from '../../bundle/built-weight.ts';
import { kb } from '../../bundle/size-budget.ts';
import { QUESTION_TYPES } from '../../proxy/contract/schemas/question.ts';
import { FIELD_MAX_LENGTH } from '../../proxy/contract/limits.ts';
import { USAGE } from '../../proxy/cli/outbox-command.ts';
import { contentSecurityPolicy } from '../site-server.ts';
import { envVariables } from './env-example.ts';

/** Where the build writes the custom-elements manifest. */
export const MANIFEST_PATH = 'dist/widget/custom-elements.json';

interface Named {
  name: string;
  description?: string;
  default?: string;
  type?: { text?: string };
}
interface ElementDeclaration {
  tagName?: string;
  attributes?: Named[];
  events?: Named[];
  cssProperties?: Named[];
  cssParts?: Named[];
}

const cell = (text: string | undefined) =>
  (text ?? '').replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const table = (header: string[], rows: string[][]) =>
  [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');

/** The `<enquiry-form>` declaration in the custom-elements manifest. */
export function elementDeclaration(manifestText: string): ElementDeclaration {
  const manifest = JSON.parse(manifestText) as {
    modules: { declarations?: ElementDeclaration[] }[];
  };
  const element = manifest.modules
    .flatMap((m) => m.declarations ?? [])
    .find((d) => d.tagName === 'enquiry-form');
  if (!element)
    throw new Error(`${MANIFEST_PATH} does not describe <enquiry-form>: run npm run build`);
  return element;
}

const QUESTION_ANSWERS: Readonly<Record<(typeof QUESTION_TYPES)[number], string>> = {
  text: 'one line of text',
  textarea: 'several lines of text',
  email: 'an email address',
  tel: 'a telephone number',
  number: 'a number (`min`, `max`)',
  date: 'a date, sent as `YYYY-MM-DD`',
  select: 'one of `options`, from a drop-down',
  radio: 'one of `options`, as radio buttons',
  checkbox: 'with `options`: the ticked ones, sent as "A, B"; without: one box, sent as "Yes"',
  hidden: 'not shown: a value from the page (`from`: a URL `param` or a `data-` `attribute`)',
  appointment:
    'a time to talk from the hosts’ free times (`booking`), sent as its start and who it is with; or preferred times in words',
};

function envRows(): string[][] {
  return envVariables().map(({ name, fallback, required, description }) => [
    `\`${name}\``,
    required ? '**required**' : fallback === undefined ? '' : `\`${fallback}\``,
    description,
  ]);
}

/** Every generated section by name, given the element's manifest. */
export function generatedSections(
  manifestText = readFileSync(MANIFEST_PATH, 'utf8'),
): Record<string, string> {
  const element = elementDeclaration(manifestText);
  const weight = builtWeight(dirname(MANIFEST_PATH));
  return {
    'entry-weight': kb(weight.entry),
    'every-form-weight': kb(weight.everyForm),
    attributes: table(
      ['Attribute', 'Type', 'Meaning'],
      (element.attributes ?? []).map((a) => [
        `\`${a.name}\``,
        a.type?.text ?? '',
        a.description ?? '',
      ]),
    ),
    events: table(
      ['Event (bubbles, composed)', 'Meaning'],
      (element.events ?? []).map((e) => [`\`${e.name}\``, e.description ?? '']),
    ),
    'css-properties': table(
      ['Custom property', 'Default', 'What it styles'],
      (element.cssProperties ?? []).map((p) => [
        `\`${p.name}\``,
        p.default ? `\`${p.default}\`` : '',
        p.description ?? '',
      ]),
    ),
    parts: table(
      ['Part', 'What it is'],
      (element.cssParts ?? []).map((p) => [`\`${p.name}\``, p.description ?? '']),
    ),
    csp: [
      '```text',
      `Content-Security-Policy: ${contentSecurityPolicy('https://forms.example.com')}`,
      '```',
    ].join('\n'),
    'question-types': table(
      ['Question type', 'Answer'],
      QUESTION_TYPES.map((type) => [`\`${type}\``, QUESTION_ANSWERS[type]]),
    ),
    'field-limits': table(
      ['Field', 'Longest accepted (characters)'],
      Object.entries(FIELD_MAX_LENGTH).map(([field, max]) => [`\`${field}\``, String(max)]),
    ),
    env: table(['Variable', 'Default', 'Meaning'], envRows()),
    'outbox-usage': ['```text', USAGE, '```'].join('\n'),
    nginx: ['```nginx deploy', readFileSync('deploy/nginx.conf', 'utf8').trimEnd(), '```'].join(
      '\n',
    ),
  };
}

const MARKER = /(<!-- BEGIN generated: ([\w-]+) -->)[\s\S]*?(<!-- END generated: \2 -->)/g;

/** The README with each marked section replaced by its generated text. */
export function renderReadme(readme: string, sections: Record<string, string>): string {
  return readme.replace(MARKER, (_whole, begin: string, name: string, end: string) => {
    const body = sections[name];
    if (body === undefined)
      throw new Error(`README marks a section "${name}" that nothing generates`);
    return body.includes('\n') ? `${begin}\n\n${body}\n\n${end}` : `${begin}${body}${end}`;
  });
}
