/** Small schemas the configuration's parts share. Proxy only (zod). */
import { z } from 'zod';

/** Ids are stable keys the firm's platform sorts and reports on: keep them plain. */
export const id = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_-]{0,63}$/,
    'must start with a letter and use only letters, digits, _ and -, up to 64 characters',
  );

/** Text shown to visitors: trimmed, not empty, bounded. */
export const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

/** A language as BCP 47 names it: `cy`, `en-GB`, `pt-BR`. */
export const languageTag = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language tag like en-GB');

/** People by their email addresses: a team's, or the hosts of a form's calls. */
export const peopleList = z
  .array(z.email({ error: 'must be an email address' }).max(254))
  .min(1, 'must name at least one address')
  .max(50)
  .refine(
    (people) => new Set(people.map((p) => p.toLowerCase())).size === people.length,
    'must not name an address twice',
  );

/** An absolute web address. */
export const webUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http: or https: address' })
  .max(2000);

/**
 * Where a hidden value (`from`) or a first answer (`prefill`) comes from: a parameter of the
 * page's URL, or a `data-` attribute of the `<enquiry-form>` tag (never one of the element's
 * own attributes).
 */
export const valueSource = z.union([
  z.strictObject({
    param: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be a URL parameter name (letters, digits, _ . -)'),
  }),
  z.strictObject({
    attribute: z
      .string()
      .regex(/^data-[a-z0-9-]{1,59}$/, 'must be a data- attribute, like data-partner'),
  }),
]);

/** A parsed `from` or `prefill`. */
export type ValueSource = z.output<typeof valueSource>;

/**
 * A text as a reader and the platform tell it apart: compatibility forms folded (NFKC: a
 * full-width "Ｂ" is "B", a ligature "ﬁ" is "fi"), format characters dropped (zero-width spaces
 * and joiners, bidi marks, the soft hyphen), runs of spaces made one, case ignored. Two ids or
 * labels with the same key are the same id or label to a person reading them, and ids are to
 * the platform, whose meta keys are compared without regard to case.
 *
 * @example readerKey('Under\u200b £250,000') === readerKey('under £250,000') // true
 */
export const readerKey = (text: string): string =>
  // Printable ASCII has no other form and nothing invisible: only its spaces and case to read.
  (PRINTABLE_ASCII.test(text) ? text : text.normalize('NFKC').replace(/\p{Cf}/gu, ''))
    .replace(/\s+/gu, ' ')
    .trim()
    .toLowerCase();

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * Flags, in a `superRefine`, each item of `list` whose id an earlier item already has, as a
 * reader and the platform read ids (`readerKey`: `Budget` is `budget`).
 *
 * @example flagRepeatedIds(caseType.questions, 'questions', 'question', ctx);
 * // questions[3].id: duplicate question id "budget"
 */
export function flagRepeatedIds(
  items: readonly { id: string }[],
  list: string,
  what: string,
  ctx: Pick<z.RefinementCtx, 'addIssue'>,
): void {
  const seen = new Map<string, string>();
  items.forEach((item, i) => {
    const earlier = seen.get(readerKey(item.id));
    if (earlier !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: [list, i, 'id'],
        message:
          earlier === item.id
            ? `duplicate ${what} id "${item.id}"`
            : `duplicate ${what} id "${item.id}": the same as "${earlier}" to the platform, which reads ids whatever their case`,
      });
    else seen.set(readerKey(item.id), item.id);
  });
}

/** One problem of a configuration: where it is (a JSON path) and what is wrong. */
export interface ConfigIssue {
  path: readonly (string | number)[];
  message: string;
  /** For a text missing one of `"languages"`: that language. */
  missing?: string | undefined;
}

/**
 * An issue as one line: its path the way a person writes it, then what is wrong.
 *
 * @example issueLine({ path: ['caseTypes', 0, 'label'], message: 'no "cy"' }) // 'caseTypes[0].label: no "cy"'
 */
export const issueLine = (issue: ConfigIssue): string =>
  `${formatPath(issue.path) || '(root)'}: ${issue.message}`;

/**
 * A JSON path the way a person writes it.
 *
 * @example formatPath(['caseTypes', 0, 'questions', 1, 'label']) // 'caseTypes[0].questions[1].label'
 */
function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) =>
      typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}
