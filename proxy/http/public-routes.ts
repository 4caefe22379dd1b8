/**
 * The read-only routes: the widget bundle, the public form configuration and the form token,
 * each of the version served now (`studio/live-form.ts`). What a version's answers hold (its
 * JSON in each language with their ETags, the widget script with it inlined and compressed) is
 * made once per version, ahead of serving it, never per request.
 */
import { Hono, type Context } from 'hono';
import type { FormTokenResponse } from '../contract/wire.ts';
import { publicConfig, type PublicSettings } from '../contract/public-config.ts';
import { rateLimitKey } from './client-ip.ts';
import { publicReadOrigin, type OriginOptions } from './origin.ts';
import { RateLimiter } from '../limiter/token-buckets.ts';
import { rateLimit } from './rate-limit.ts';
import type { BotCheckOptions } from './bots/bot-check.ts';
import {
  etagOf,
  INLINED_MAP,
  inlinedSoon,
  isHashedName,
  negotiate,
  withInlinedConfig,
  type WidgetAssets,
} from './widget-assets.ts';
import type { EarlierWidgetFiles } from './earlier-widget-files.ts';
import { answerLanguage, formIn } from './form-language.ts';
import type { LiveForm, ServedForm } from '../studio/live-form.ts';
import { offersSaving } from '../notify/drafts-state.ts';

/**
 * Revalidated every time (cheap with the ETag): the form's JSON, and the script that carries it,
 * whose ETag changes with each version, so a publish reaches the next page that loads.
 */
const REVALIDATE = 'no-cache';
/**
 * The script without the configuration (for a page whose origin may not submit): cache for five
 * minutes, then revalidate in the background.
 */
const WIDGET_CACHE = 'public, max-age=300, stale-while-revalidate=86400';
/** With `?v=<etag>` the URL names one build and version, which never changes. */
const PINNED_CACHE = 'public, max-age=31536000, immutable';

/** What the widget, form and form-token routes read. */
export interface PublicRouteDeps {
  /** The form, version by version. */
  form: Pick<LiveForm, 'current' | 'prepareEach' | 'honoured'>;
  /** Pages that may read the form (`ALLOWED_ORIGINS`). */
  allowedOrigins: readonly string[];
  /** Told the `Origin` of each refused request (`http/origin-refusals.ts`). */
  onOriginRefused?: OriginOptions['onOriginRefused'];
  bots: BotCheckOptions;
  turnstile?: { siteKey: string; scriptUrl: string } | undefined;
  /** How long a saved enquiry lasts, when the form offers saving (`intake/drafts/`). */
  drafts?: { expiryMs: number } | undefined;
  widget: WidgetAssets;
  /** Late bundles and chunks of builds that ran before this one (a page from before a deploy). */
  earlierWidget?: EarlierWidgetFiles;
  /** The visitor's IP address (from the socket, or a trusted proxy's X-Forwarded-For). */
  clientIp: (c: Context) => string;
  now: () => number;
}

/** A version's answers: its JSON in each language with its ETag, and the script inlining it. */
interface VersionAnswers {
  byLanguage: ReadonlyMap<string, { json: string; etag: string }>;
  inlined: WidgetAssets;
}

/** Each language's JSON of `form`: the first language's is what a widget asking none gets. */
function languageAnswers(form: ServedForm, settings: PublicSettings) {
  return new Map(
    [undefined, ...form.translations.languages].map((asked) => {
      const { lang, form: inLanguage } = formIn(form, asked);
      const json = JSON.stringify({
        ...publicConfig(inLanguage, settings, answerLanguage(form, lang)),
        version: form.version,
      });
      // A widget asking none is answered under '' whatever language that is: the script inlines it.
      return [asked === undefined ? '' : (lang ?? ''), { json, etag: etagOf(json) }] as const;
    }),
  );
}

/** The names the widget's files are served under: the bundle, its late parts, their source maps. */
const SERVED_WIDGET_FILE = 'enquiry-form(\\.inline|\\.late-[A-Za-z0-9]+)?\\.js(\\.map)?';

const WIDGET_FILE_PATH = new RegExp(`^/${SERVED_WIDGET_FILE}$`);

/** Whether a request's path is one of the widget's files (scripts and their maps, no page). */
export const isWidgetFile = (path: string) => WIDGET_FILE_PATH.test(path);

/** The read-only routes, as a Hono app to mount at `/`. */
export function publicRoutes(deps: PublicRouteDeps): Hono {
  const app = new Hono();
  const settings = {
    minFillSeconds: deps.bots.minFillMs / 1000,
    ...(deps.turnstile
      ? { turnstile: { siteKey: deps.turnstile.siteKey, scriptUrl: deps.turnstile.scriptUrl } }
      : {}),
  };
  // Saving is offered by the versions whose configuration asks for it, each on its own.
  // An unfinished enquiry's reminder is offered only where the mailer can send it.
  const settingsOf = (form: ServedForm): PublicSettings => {
    const { unfinished } = form.config;
    return {
      ...settings,
      ...(deps.drafts && offersSaving(deps.drafts, form.config)
        ? { draftDays: deps.drafts.expiryMs / 86_400_000 }
        : {}),
      ...(unfinished && !deps.drafts ? { unfinished: { keepDays: unfinished.keepDays } } : {}),
    };
  };
  const made = new WeakMap<ServedForm, VersionAnswers>();
  /** A version's answers; made here only for one no preparer reached (compressed now). */
  const answersOf = (form: ServedForm): VersionAnswers => {
    let answers = made.get(form);
    if (!answers) {
      const byLanguage = languageAnswers(form, settingsOf(form));
      answers = {
        byLanguage,
        inlined: withInlinedConfig(deps.widget, byLanguage.get('')?.json ?? ''),
      };
      made.set(form, answers);
    }
    return answers;
  };
  // The version served at start is made now, as the app is built; each next one ahead of being
  // served, its script compressed off the event loop.
  deps.form.prepareEach(async (form) => {
    if (made.has(form)) return;
    const byLanguage = languageAnswers(form, settingsOf(form));
    const inlined = await inlinedSoon(deps.widget, byLanguage.get('')?.json ?? '');
    made.set(form, { byLanguage, inlined });
  });
  answersOf(deps.form.current());
  const readOrigin = publicReadOrigin(deps);

  app.get('/api/form', readOrigin, (c) => {
    const form = deps.form.current();
    const { lang } = formIn(form, c.req.query('lang'));
    const { json, etag } = answersOf(form).byLanguage.get(lang ?? '') ?? { json: '', etag: '' };
    c.header('ETag', etag);
    c.header('Cache-Control', REVALIDATE);
    c.header('Vary', 'Origin');
    if (lang) c.header('Content-Language', lang);
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    return c.body(json, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });

  // Tokens are cheap but not free: a client asking for more than a page a second is not a visitor.
  const tokensPerClient = new RateLimiter('per-client', 60, deps.now);
  const tokensForAll = new RateLimiter('global', 60_000, deps.now);
  const tokenLimit = rateLimit({
    limiters: [tokensPerClient, tokensForAll],
    shared: [tokensForAll],
    clientKey: (c) => rateLimitKey(deps.clientIp(c)),
  });
  // The token signs the version the form was drawn from (`?form_version=`), while an enquiry
  // from it may still be sent; else the version served now.
  app.get('/api/form-token', readOrigin, tokenLimit, (c) => {
    c.header('Cache-Control', 'no-store');
    const asked = Number(c.req.query('form_version'));
    const version =
      Number.isSafeInteger(asked) && deps.form.honoured(asked, deps.now())
        ? asked
        : deps.form.current().version;
    return c.json({ token: deps.bots.tokens.issue(version) } satisfies FormTokenResponse);
  });

  // Pages whose origin may submit get the bundle with the configuration in it (one request
  // before the first field); any other gets the plain one, which asks `/api/form` and so hears
  // at once that this page may not use the form.
  app.get(`/:file{${SERVED_WIDGET_FILE}}`, async (c) => {
    const origin = c.req.header('origin');
    const allowed = origin === undefined || deps.allowedOrigins.includes(origin);
    const file = c.req.param('file');
    const { inlined } = answersOf(deps.form.current());
    const carriesForm = (allowed || file === INLINED_MAP) && inlined.has(file);
    const asset =
      (allowed || file === INLINED_MAP ? inlined : deps.widget).get(file) ??
      deps.widget.get(file) ??
      (await deps.earlierWidget?.(file, deps.now()));
    if (!asset && deps.widget.size === 0) {
      return c.json(
        { error: 'not_built', message: 'The widget has not been built: run npm run build.' },
        404,
      );
    }
    if (!asset) {
      const message = 'No build of the widget this proxy ran, or kept, has this file.';
      return c.json({ error: 'not_found', message }, 404);
    }
    // A module script from another origin is fetched in CORS mode: without this it fails to load.
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    c.header('ETag', asset.etag);
    c.header('Vary', 'Accept-Encoding, Origin');
    c.header(
      'Cache-Control',
      isHashedName(file) || c.req.query('v') === asset.etag.replaceAll('"', '')
        ? PINNED_CACHE
        : carriesForm
          ? REVALIDATE
          : WIDGET_CACHE,
    );
    if (c.req.header('if-none-match') === asset.etag) return c.body(null, 304);
    const { body, encoding } = negotiate(asset, c.req.header('accept-encoding'));
    if (encoding) c.header('Content-Encoding', encoding);
    c.header('Content-Type', asset.contentType);
    return c.body(body as Uint8Array<ArrayBuffer>);
  });

  return app;
}
