/**
 * The stand-in enquiry API: the platform's two endpoints exactly as the spec describes them,
 * a read-only inbox to see what arrived, and (for tests) a route to inject faults.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requireLogin, type Credentials } from './auth.ts';
import { controlRoutes } from './control.ts';
import { answer, failure, success, TEXT, type Envelope } from './envelope.ts';
import { ENDPOINTS, type Endpoint, type FaultPatch } from './fault-settings.ts';
import {
  ConnectionDroppedError,
  FaultInjector,
  hang,
  injectFaults,
  type EmulatorEnv,
} from './faults.ts';
import { contentsAre, kindOfMime } from './file-kinds.ts';
import { inboxRoutes } from './inbox.ts';
import { answerQuirk, frontPage } from './quirks.ts';
import { EnquiryStore } from './store.ts';
import { readUploadBody } from './upload-stream.ts';
import { checkCreate, checkUpload, type Checked, type NewUpload } from './validate.ts';

/** The platform's service root in a WordPress deployment (`/wp-json/<namespace>/v1`). */
export const DEFAULT_ROOT = '/wp-json/enquiries/v1';
/** Large enough for several 10 MB files in base64; the spec shows no limit. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

/** How the stand-in is built. */
export interface EnquiryApiOptions {
  /** The login clients must send. */
  credentials: Credentials;
  /** Service root path, default `DEFAULT_ROOT`. */
  root?: string;
  /** Where enquiries go; default a fresh in-memory store. */
  store?: EnquiryStore;
  /** A shared injector (to change faults at run time) or the initial settings. */
  faults?: FaultInjector | FaultPatch;
  /** Serve `/__control/*` (test-only fault and data control). Default false. */
  control?: boolean;
  /** Largest accepted request body, default `DEFAULT_BODY_LIMIT_BYTES`. */
  bodyLimitBytes?: number;
}

/** Thrown for options the stand-in cannot start with. */
export class EnquiryApiOptionsError extends Error {
  override name = 'EnquiryApiOptionsError';
}

/** `/wp-json/x/v1/` and `wp-json/x/v1` both become `/wp-json/x/v1`. */
export function normaliseRoot(root: string): string {
  const trimmed = `/${root.trim()}`.replace(/\/+/g, '/').replace(/\/$/, '');
  if (trimmed === '') throw new EnquiryApiOptionsError('The service root must not be "/".');
  return trimmed;
}

/** The media type of a Content-Type header, lower case, without parameters. */
const mediaType = (header: string | undefined) =>
  (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** A body read and parsed (`undefined` when it is not JSON), with its text when it was kept. */
type BodyReader = (c: Context) => Promise<{ parsed: unknown; raw: string } | undefined>;

/** The whole body as text, then parsed: a create's few kilobytes, kept as they came. */
const wholeText: BodyReader = async (c) => {
  const raw = await c.req.text();
  try {
    return { parsed: JSON.parse(raw) as unknown, raw };
  } catch {
    return undefined;
  }
};

/** An upload's body, its 13 MB of BASE64 decoded as they stream in rather than held as text. */
const streamedUpload: BodyReader = async (c) => {
  try {
    // The limit has refused a longer declared length before this is read.
    const declared = Number(c.req.header('content-length') ?? 0) || 0;
    return { parsed: await readUploadBody(c.req.raw.body, declared), raw: '' };
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
};

/** The body as a JSON object, or the answer refusing it. */
async function readObject(
  c: Context,
  read: BodyReader,
): Promise<{ body: Record<string, unknown>; raw: string } | Response> {
  if (mediaType(c.req.header('content-type')) !== 'application/json') {
    return answer(c, failure(400, TEXT.notJsonType));
  }
  const result = await read(c);
  if (result === undefined) return answer(c, failure(400, TEXT.notJson));
  const { parsed: body, raw } = result;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return answer(c, failure(400, TEXT.notObject));
  }
  return { body: body as Record<string, unknown>, raw };
}

/**
 * Counts each POST to an endpoint, and the ones the service itself refused; notes a create
 * whose connection a fault cut after storing it.
 */
const tally =
  (store: EnquiryStore, endpoint: Endpoint): MiddlewareHandler<EmulatorEnv> =>
  async (c, next) => {
    store.stats[endpoint === 'create' ? 'createRequests' : 'uploadRequests'] += 1;
    try {
      await next();
    } finally {
      const created = c.get('created');
      if (created !== undefined && c.get('dropped')) store.noteDropped(created);
    }
    if (!c.get('faulted') && c.res.status >= 400 && c.res.status < 500) store.stats.rejected += 1;
  };

/**
 * What the platform makes of a well-formed upload: 404 for an enquiry it never created, 415
 * for a kind it does not take or bytes that are not what `file[mime]` says, else stored.
 */
function acceptUpload(store: EnquiryStore, upload: NewUpload): Envelope {
  const { postId, postIdText, bytes, ...file } = upload;
  if (postId === null || !store.hasEnquiry(postId)) {
    return failure(404, TEXT.unknownEnquiry(postIdText));
  }
  const kind = kindOfMime(file.mime);
  if (kind === undefined) return failure(415, TEXT.unsupportedKind(file.mime));
  // The declared type must agree with the magic bytes, as a platform that sniffs would insist.
  if (!contentsAre(bytes, kind)) {
    return failure(415, TEXT.kindMismatch(file.mime));
  }
  const id = store.addFile({ postId, bytes, ...file });
  store.stats.uploaded += 1;
  return success(TEXT.accepted, id);
}

/**
 * Builds the stand-in as a Hono app; serve it with `startEnquiryApi` or call `app.request()`.
 *
 * @example const app = createEnquiryApi({ credentials: { username: 'u', password: 'p' } });
 */
export function createEnquiryApi(options: EnquiryApiOptions): Hono<EmulatorEnv> {
  const root = normaliseRoot(options.root ?? DEFAULT_ROOT);
  const store = options.store ?? new EnquiryStore(':memory:');
  const faults =
    options.faults instanceof FaultInjector ? options.faults : new FaultInjector(options.faults);
  const limit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const limitBody = bodyLimit({
    maxSize: limit,
    onError: (c) => answer(c, failure(413, TEXT.tooLarge(limit))),
  });

  const service = new Hono<EmulatorEnv>();
  for (const endpoint of ENDPOINTS) service.post(`/enquiries/${endpoint}`, tally(store, endpoint));
  // WordPress's own refusals come before any plugin (and its login check) runs.
  service.use(
    '*',
    answerQuirk(() => faults.settings.quirk, options.credentials.username),
  );
  // Every request under the root needs a login (spec section 5.1), even one to no route.
  service.use('*', requireLogin(options.credentials));

  /**
   * One endpoint: faults, the size limit, the JSON body, its 400 checks, then `accept`, unless
   * the request is one the platform `hangs` on.
   */
  const endpoint = <T>(
    name: Endpoint,
    read: BodyReader,
    check: (body: Record<string, unknown>) => Checked<T>,
    accept: (value: T, raw: string, c: Context<EmulatorEnv>) => Envelope,
    hangs: (value: T) => boolean = () => false,
  ) =>
    service.post(
      `/enquiries/${name}`,
      injectFaults(faults, name, store.stats),
      limitBody,
      async (c) => {
        const object = await readObject(c, read);
        if (object instanceof Response) return object;
        const checked = check(object.body);
        if (checked.ok && hangs(checked.value)) return hang(c, store.stats);
        return answer(
          c,
          checked.ok ? accept(checked.value, object.raw, c) : failure(400, checked.status),
        );
      },
    );

  endpoint(
    'create',
    wholeText,
    checkCreate,
    (enquiry, raw, c) => {
      const id = store.createEnquiry(enquiry, raw);
      store.stats.created += 1;
      c.set('created', id);
      return success(TEXT.created, id);
    },
    (enquiry) => faults.hangsFor(enquiry.email),
  );
  endpoint('upload', streamedUpload, checkUpload, (upload) => acceptUpload(store, upload));

  service.all('/enquiries/:endpoint{create|upload}', (c) =>
    answer(c, failure(405, TEXT.methodNotAllowed), { Allow: 'POST' }),
  );
  // As WordPress answers a route it does not know.
  service.all('*', (c) =>
    c.json({ code: 'rest_no_route', message: TEXT.noRoute, data: { status: 404 } }, 404),
  );

  const app = new Hono<EmulatorEnv>();
  // Under plain permalinks the pretty path is just a page: the front page comes back.
  app.all(`${root}/*`, async (c, next) =>
    faults.settings.quirk === 'plain-permalinks' ? frontPage(c) : next(),
  );
  app.route(root, service);
  // WordPress always serves its REST API at ?rest_route= too, pretty permalinks or not; the
  // route is the path after /wp-json (/enquiries/v1/enquiries/create).
  const restBase = root.replace(/^\/wp-json(?=\/)/, '');
  const restRoute = (c: Context<EmulatorEnv>, next: () => Promise<void>) => {
    const route = c.req.query('rest_route');
    if (route === undefined) return next();
    const path = route.startsWith(`${restBase}/`) ? route.slice(restBase.length) : '/no-such-route';
    return service.fetch(new Request(new URL(path, c.req.url), c.req.raw), c.env);
  };
  app.all('/', restRoute);
  app.all('/index.php', restRoute);
  app.route('/', inboxRoutes(store));
  if (options.control) app.route('/__control', controlRoutes(faults, store));
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    // Rethrown so that `app.request()` rejects, as fetch does when a connection drops.
    if (error instanceof ConnectionDroppedError) throw error;
    console.error(`enquiry-api: ${error.name}: ${error.message}`);
    return answer(c, failure(500, TEXT.internal));
  });
  return app;
}
