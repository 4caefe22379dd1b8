/**
 * A request the proxy will not take, and the answer it gets: one type, as Hono's `HTTPException`
 * is (this is one), thrown by every guard and check (origins, rate limits, the admin token, the
 * body's budget and size, the bot checks, the intake's checks, the outbox's room) and answered in
 * one place, the app's `onError` (`intake/answer-refusal.ts`): JSON for the widget and API
 * clients, or the form again for a browser without JavaScript. Each refusal's words are written
 * here, once, and so are those of a fault of ours (`internal`), answered the same way.
 */
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorResponse, ValidationErrorResponse } from '../contract/wire.ts';
import {
  describeIssue,
  paramsIn,
  type FieldIssue,
  type IssueCode,
  type RuleIssue,
  type RuleParams,
} from '../contract/issues.ts';
import type { MessageKey } from '../contract/messages.ts';
import { formatIn } from '../contract/plurals.ts';
import { ENGLISH, type StringKey, type Strings } from '../contract/strings/english.ts';

/** The words of a refusal's message: a key of the strings, and what fills it. */
export interface RefusalWords {
  key: StringKey;
  params?: RuleParams;
}

/** `template` in `lang`, its values (a size in bytes among them) written as `lang` writes them. */
const sayIn = (lang: string, template: string, params: RuleParams = {}) =>
  formatIn(lang, template, paramsIn(params, lang));

/** A refusal's message in English, as API clients read it without a `lang`. */
const english = (key: StringKey, params?: RuleParams) => sayIn('en', ENGLISH[key], params);

/**
 * `issue` with its words in `lang`, from its `messageKey` and `params`, which are said in `lang`
 * too (a size in bytes until now).
 *
 * @example issueIn(issue, WELSH, 'cy').message // 'Rhowch eich enw cyntaf'
 */
export function issueIn(issue: RuleIssue, strings: Strings, lang: string): FieldIssue {
  const params = paramsIn(issue.params, lang);
  return { ...issue, params, message: formatIn(lang, strings[issue.messageKey], params) };
}

/**
 * The message of a refusal for its issues: the one issue's words, a 415's each file's, or how
 * many problems there are.
 */
function issuesMessage(issues: FieldIssue[], strings: Strings, lang: string, status: number) {
  if (status === 415) return issues.map((issue) => issue.message).join('. ');
  if (issues.length === 1 || status === 413) return issues[0]?.message ?? '';
  return formatIn(lang, strings['refusal.problems'], { count: issues.length });
}

/** A refusal with its HTTP status, its JSON body and the headers that go with it. */
export class Refusal extends HTTPException {
  override readonly name = 'Refusal';
  override readonly status: ContentfulStatusCode;

  /**
   * False when the same form sent again could only meet the same answer (its key was used for
   * another enquiry; it is stored and the platform refused it): a browser without JavaScript is
   * shown a page saying so, not the form to send again.
   */
  readonly redraw: boolean;

  constructor(
    status: ContentfulStatusCode,
    readonly body: ValidationErrorResponse | ErrorResponse,
    /** Headers that go with the answer (`Retry-After`, ...). */
    readonly headers: Readonly<Record<string, string>> = {},
    {
      redraw = true,
      words,
      issues,
    }: { redraw?: boolean; words?: RefusalWords; issues?: readonly RuleIssue[] } = {},
  ) {
    super(status, { message: body.message });
    this.status = status;
    this.redraw = redraw;
    this.words = words;
    this.#issues = issues;
  }

  /** The key of the message's words, for a refusal a visitor can meet: said in their language. */
  readonly words: RefusalWords | undefined;

  /** The body's issues before they were worded in English, for `bodyIn`: sizes still in bytes. */
  readonly #issues: readonly RuleIssue[] | undefined;

  /**
   * The body in another language: each issue's words from its `messageKey`, and the message from
   * its issues or its own key (`words`); a client's mistake the widget never makes stays English.
   *
   * @example refusal.bodyIn(WELSH, 'cy').message // 'Rhowch eich enw cyntaf'
   */
  bodyIn(strings: Strings, lang: string): ValidationErrorResponse | ErrorResponse {
    const { body } = this;
    const issues = this.#issues ?? ('issues' in body ? body.issues : undefined);
    const said = issues?.map((issue) => issueIn(issue, strings, lang));
    const message = this.words
      ? sayIn(lang, strings[this.words.key], this.words.params)
      : said && said.length > 0
        ? issuesMessage(said, strings, lang, this.status)
        : body.message;
    return { ...body, message, ...(said ? { issues: said } : {}) };
  }

  /** The refusal as JSON, should anything but the app's `onError` ever answer it. */
  override getResponse(): Response {
    return Response.json(this.body, { status: this.status, headers: this.headers });
  }

  /**
   * A refusal said by a key of the strings: English in its body, and in the visitor's language
   * when its route names one (`bodyIn`).
   *
   * @example Refusal.worded(404, 'not_found', { key: 'upload.notFound' })
   */
  static worded(
    status: ContentfulStatusCode,
    error: ErrorResponse['error'],
    words: RefusalWords,
    headers: Readonly<Record<string, string>> = {},
  ): Refusal {
    return new Refusal(status, { error, message: english(words.key, words.params) }, headers, {
      words,
    });
  }

  /** A refusal for field issues: worded in English in its body, and in any language by `bodyIn`. */
  static #ofIssues(
    status: 400 | 413 | 415,
    error: 'validation' | 'too_large' | 'unsupported_file',
    issues: readonly RuleIssue[],
  ): Refusal {
    const said = issues.map(describeIssue);
    const message = issuesMessage(said, ENGLISH, 'en', status);
    return new Refusal(status, { error, message, issues: said }, {}, { issues });
  }

  /** 400 with field issues: the visitor (or integrator) can put them right. */
  static validation(issues: readonly RuleIssue[]): Refusal {
    return Refusal.#ofIssues(400, 'validation', issues);
  }

  /** 400 for one field's problem, in the shared words of `messageKey`. */
  static field(
    field: string,
    code: IssueCode,
    messageKey: MessageKey,
    params: RuleParams = {},
  ): Refusal {
    return Refusal.validation([{ field, code, messageKey, params }]);
  }

  /** 403: a page of an origin that may not submit (`ALLOWED_ORIGINS`). */
  static originNotAllowed(origin: string | undefined): Refusal {
    return new Refusal(
      403,
      {
        error: 'origin_not_allowed',
        message: origin ? english('refusal.origin', { origin }) : english('refusal.noOrigin'),
      },
      {},
      {
        words: origin ? { key: 'refusal.origin', params: { origin } } : { key: 'refusal.noOrigin' },
      },
    );
  }

  /** 408: a body that sent nothing for `idleMs`. */
  static bodyIdle(idleMs: number): Refusal {
    const words = { key: 'refusal.idle', params: { seconds: Math.round(idleMs / 1000) } } as const;
    return new Refusal(
      408,
      { error: 'timeout', message: english(words.key, words.params) },
      {},
      { words },
    );
  }

  /** 413 for what only a client program sends too large, in its English `message`. */
  static tooLarge(message: string): Refusal {
    return new Refusal(413, { error: 'too_large', message });
  }

  /** 413: files larger than the form takes, each issue naming one, the first in the message. */
  static filesTooLarge(issues: readonly RuleIssue[]): Refusal {
    return Refusal.#ofIssues(413, 'too_large', issues);
  }

  /** 413: the whole enquiry, its files together, is larger than the form accepts. */
  static enquiryTooLarge(): Refusal {
    return new Refusal(
      413,
      { error: 'too_large', message: english('refusal.tooLarge') },
      {},
      { words: { key: 'refusal.tooLarge' } },
    );
  }

  /** 415: a file of a kind the platform does not take. */
  static unsupportedFile(issues: readonly RuleIssue[]): Refusal {
    return Refusal.#ofIssues(415, 'unsupported_file', issues);
  }

  /**
   * 429 from the limiter named `limiter`, which has a token again in `waitMs`: with
   * `Retry-After` and the IETF `RateLimit` header.
   */
  static rateLimited(limiter: string, waitMs: number): Refusal {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return new Refusal(
      429,
      { error: 'rate_limited', message: english('refusal.rateLimited', { seconds }) },
      { 'Retry-After': String(seconds), RateLimit: `"${limiter}";r=0;t=${seconds}` },
      { words: { key: 'refusal.rateLimited', params: { seconds } } },
    );
  }

  /** 429: more submissions arriving at once from one address than it may send. */
  static tooManyAtOnce(): Refusal {
    return new Refusal(
      429,
      { error: 'rate_limited', message: english('refusal.tooManyAtOnce') },
      { 'Retry-After': '5' },
      { words: { key: 'refusal.tooManyAtOnce' } },
    );
  }

  /** 429: too many wrong admin tokens from one address; another try in `seconds`. */
  static tokenTriesSpent(seconds: number): Refusal {
    return new Refusal(
      429,
      { error: 'rate_limited', message: 'Too many tries of the admin token from here.' },
      { 'Retry-After': String(seconds) },
    );
  }

  /** 503: the bytes arriving for every submission together are over their budget. */
  static busy(): Refusal {
    return new Refusal(
      503,
      { error: 'busy', message: english('refusal.busy') },
      { 'Retry-After': '5' },
      { words: { key: 'refusal.busy' } },
    );
  }

  /** 503: the outbox's disk is full (the health check fails until a write succeeds). */
  static storageFull(): Refusal {
    return new Refusal(
      503,
      { error: 'storage_full', message: english('refusal.storageFull') },
      { 'Retry-After': '60' },
      { words: { key: 'refusal.storageFull' } },
    );
  }

  /** 503: the outbox's database cannot be reached (`StoreUnavailableError`). */
  static storageUnavailable(): Refusal {
    return new Refusal(
      503,
      { error: 'storage_unavailable', message: english('refusal.storageUnavailable') },
      { 'Retry-After': '10' },
      { words: { key: 'refusal.storageUnavailable' } },
    );
  }

  /** 500: a fault of ours, not the request's; the request may be sent again as it is. */
  static internal(): Refusal {
    return new Refusal(
      500,
      { error: 'internal', message: english('refusal.internal') },
      {},
      { words: { key: 'refusal.internal' } },
    );
  }

  /** 503: the security challenge could not be checked (Turnstile did not answer). */
  static challengeUnavailable(): Refusal {
    return new Refusal(
      503,
      { error: 'challenge_unavailable', message: english('refusal.challengeUnavailable') },
      {},
      { words: { key: 'refusal.challengeUnavailable' } },
    );
  }
}
