/**
 * The read-only routes: the widget bundle, the public form configuration and the form token.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { FormTokenResponse } from '../contract/wire.ts';
import { publicConfig } from '../contract/public-config.ts';
import { rateLimitKey } from './client-ip.ts';
import { publicReadOrigin, type OriginOptions } from './origin.ts';
import { RateLimiter } from '../limiter/token-buckets.ts';
import { rateLimit } from './rate-limit.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import type { BotCheckOptions } from './bots/bot-check.ts';
import {
  INLINED_MAP,
  isHashedName,
  negotiate,
  withInlinedConfig,
  type WidgetAssets,
} from './widget-assets.ts';
import type { EarlierWidgetFiles } from './earlier-widget-files.ts';
import { answerLanguage, formIn, type FormLanguageDeps } from './form-language.ts';

/** Revalidated every time (cheap with the ETag), so a configuration change shows at once. */
const REVALIDATE = 'no-cache';
/**
 * The script tag's URL has no version in it, and the script carries the configuration: cache
 * for five minutes (a configuration change reaches returning visitors within them), then
 * revalidate in the background.
 */
const WIDGET_CACHE = 'public, max-age=300, stale-while-revalidate=86400';
/** With `?v=<etag>` the URL names one build, which never changes. */
const PINNED_CACHE = 'public, max-age=31536000, immutable';

/** What the widget, form and form-token routes read. */
export interface PublicRouteDeps extends FormLanguageDeps {
  config: FormConfig;
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

/** The read-only routes, as a Hono app to mount at `/`. */
export function publicRoutes(deps: PublicRouteDeps): Hono {
  const app = new Hono();
  const settings = {
    minFillSeconds: deps.bots.minFillMs / 1000,
    ...(deps.turnstile
      ? { turnstile: { siteKey: deps.turnstile.siteKey, scriptUrl: deps.turnstile.scriptUrl } }
      : {}),
    ...(deps.drafts ? { draftDays: deps.drafts.expiryMs / 86_400_000 } : {}),
  };
  // Each language's answer made once; the first language's is what a widget that asks for no
  // language gets, byte for byte what the form answered before it had other languages.
  const answers = new Map(
    [undefined, ...(deps.translations?.languages ?? [])].map((asked) => {
      const { lang, form } = formIn(deps, asked);
      const json = JSON.stringify(publicConfig(form, settings, answerLanguage(deps, lang)));
      const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"`;
      return [lang ?? '', { json, etag }] as const;
    }),
  );
  const answerIn = (asked: string | undefined) => {
    const { lang } = formIn(deps, asked);
    return { lang, ...(answers.get(lang ?? '') ?? { json: '', etag: '' }) };
  };
  const configJson = answerIn(undefined).json;
  const readOrigin = publicReadOrigin(deps);

  app.get('/api/form', readOrigin, (c) => {
    const { lang, json, etag } = answerIn(c.req.query('lang'));
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
  app.get('/api/form-token', readOrigin, tokenLimit, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ token: deps.bots.tokens.issue() } satisfies FormTokenResponse);
  });

  // Pages whose origin may submit get the bundle with the configuration in it (one request
  // before the first field); any other gets the plain one, which asks `/api/form` and so hears
  // at once that this page may not use the form.
  const inlined = withInlinedConfig(deps.widget, configJson);
  app.get('/:file{enquiry-form(\\.inline|\\.late-[A-Za-z0-9]+)?\\.js(\\.map)?}', async (c) => {
    const origin = c.req.header('origin');
    const allowed = origin === undefined || deps.allowedOrigins.includes(origin);
    const file = c.req.param('file');
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
