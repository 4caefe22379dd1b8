/**
 * `/api/uploads`: files sent ahead of their enquiry, resumably, by the tus 1.0.0 protocol (core,
 * creation, creation-with-upload, termination, expiration). Creation is guarded as a submission
 * is (an allowed `Origin`, the form token, the per-client rate) and sized before a byte is
 * stored; the id in `Location` is 192 random bits and is what lets a client go on, so it is
 * never logged. `Upload-Key`, told once with the creation and never in an address, lets the
 * enquiry name the upload whatever form token it carries by then (`form-session.ts`). Bytes go straight into the outbox's storage (`outbox/upload-store.ts`), where
 * any instance can take the next PATCH, and are checked as soon as the last one is stored.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { encodeUploadCheck, type UploadCheck } from '../../contract/upload-check.ts';
import { rateLimitKey } from '../../http/client-ip.ts';
import { formIn } from '../../http/form-language.ts';
import { requireAllowedOrigin } from '../../http/origin.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { UploadOffsetConflict, type UploadRow } from '../../outbox/upload-store.ts';
import { passing } from '../../passing-bytes.ts';
import { isStorageFull } from '../store-checked.ts';
import { uploadGuard, type UploadGuardEnv } from '../upload-guard.ts';
import { answerIn, answerLanguage } from '../answer-refusal.ts';
import { checkOnce } from './check-once.ts';
import { IDLE_PACE, idlePacer } from './idle-pace.ts';
import { convertOnArrival } from './convert-on-arrival.ts';
import { uploadRefusals as refuse } from './upload-refusals.ts';
import { UploadLocks } from './upload-locks.ts';
import { uploadRoom } from './upload-room.ts';
import {
  byteCount,
  expiresHeader,
  OFFSET_OCTET_STREAM,
  parseMetadata,
  TUS_EXTENSIONS,
  TUS_REQUEST_HEADERS,
  TUS_RESPONSE_HEADERS,
  TUS_VERSION,
} from './tus-headers.ts';
import { formSession, newUploadKey } from './form-session.ts';
import { heldPerClient, type UploadRouteDeps } from './upload-deps.ts';

const PATH = '/api/uploads';

/** The upload routes over `deps.uploads`. */
export function uploadRoutes(deps: UploadRouteDeps): Hono<UploadGuardEnv> {
  const app = new Hono<UploadGuardEnv>();
  const { uploads: store, limits } = deps;
  const maxFileBytes = () => deps.form.files().maxFileBytes;
  const clientKey = (c: Context) => rateLimitKey(deps.clientIp(c));
  const locks = new UploadLocks(limits.bodyIdleMs);
  const { converter } = deps;
  const convert = converter?.convert
    ? convertOnArrival({ convert: converter.convert.bind(converter) })
    : undefined;
  const check = checkOnce({ ...deps, store, convert });
  const room = uploadRoom(deps.uploadRoom);
  const idle = idlePacer(deps.idlePace ?? IDLE_PACE, deps.now);
  const guard = uploadGuard({
    maxBytes: maxFileBytes,
    tooLarge: refuse.pastLength(),
    budget: limits.uploadBytes,
    perClient: limits.uploadsPerClient,
    idleMs: limits.bodyIdleMs,
    clientKey,
  });

  for (const path of [PATH, `${PATH}/:id`]) {
    app.use(path, uploadLanguage(deps));
    app.use(path, tusAnswers(maxFileBytes));
    app.use(
      path,
      cors({
        origin: (origin) => (deps.allowedOrigins.includes(origin) ? origin : null),
        allowMethods: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
        allowHeaders: TUS_REQUEST_HEADERS,
        exposeHeaders: TUS_RESPONSE_HEADERS,
        maxAge: 600,
      }),
    );
  }

  app.post(
    PATH,
    requireAllowedOrigin(deps),
    rateLimit({ limiters: [limits.uploadCreations ?? limits.perClient], clientKey }),
    guard,
    async (c) => {
      const length = byteCount(c.req.header('upload-length'));
      if (length === undefined) throw refuse.noLength();
      if (length > maxFileBytes()) throw refuse.tooLarge(maxFileBytes());
      const metadata = parseMetadata(c.req.header('upload-metadata'));
      const filename = metadata?.get('filename')?.slice(0, 1000);
      if (!metadata || !filename) throw refuse.noFilename();
      const now = deps.now();
      const session = formSession(metadata.get('form_token'), deps.bots, now);
      const client = clientKey(c);
      if ((await store.uploadBytesHeldBy(client, now)) + length > heldPerClient(deps.form.files()))
        throw refuse.tooMuchHeld();
      await room.refuseUnlessFits(length);
      const key = newUploadKey();
      const row = {
        id: randomBytes(24).toString('base64url'),
        session,
        key_hash: key.hash,
        client,
        filename,
        filetype: (metadata.get('filetype') ?? '').slice(0, 200),
        length,
        created_at: now,
        expires_at: now + deps.uploadExpiryMs,
        // What its verdict and refusals are said in (`uploadLanguage`).
        lang: answerLanguage(c) ?? null,
      };
      await store.createUpload(row);
      c.header('Location', `${PATH}/${row.id}`);
      c.header('Upload-Key', key.key);
      c.header('Upload-Expires', expiresHeader(row.expires_at));
      const fresh = {
        ...row,
        upload_offset: 0,
        sha256: null,
        kind: null,
        verdict: null,
        claimed_by: null,
      };
      // creation-with-upload: the first bytes come with the POST.
      if (c.req.header('content-type') === OFFSET_OCTET_STREAM)
        await locks.holding(row.id, () => room.holding(length, () => receive(c, fresh, 0)));
      else if (length === 0) await finish(c, fresh);
      return c.body(null, 201);
    },
  );

  // Hono answers HEAD with the GET route, without its body; an upload has nothing to GET.
  app.get(`${PATH}/:id`, async (c) => {
    if (c.req.method !== 'HEAD') return c.notFound();
    const id = c.req.param('id');
    c.header('Cache-Control', 'no-store');
    // What the PATCHes stored is synced first: the offset said is one a crash cannot take back.
    const synced = async () => {
      await store.syncUpload(id);
      return store.findUpload(id, deps.now());
    };
    const row = ((await locks.holding(id, synced)) ?? { done: await synced() }).done;
    if (!row) return c.body(null, 404);
    c.header('Upload-Offset', String(row.upload_offset));
    c.header('Upload-Length', String(row.length));
    c.header('Upload-Expires', expiresHeader(row.expires_at));
    sayKeptVerdict(c, row);
    return c.body(null, 200);
  });

  app.patch(`${PATH}/:id`, originIfAny(deps), guard, async (c) => {
    if (c.req.header('content-type') !== OFFSET_OCTET_STREAM) throw refuse.notOctetStream();
    const offset = byteCount(c.req.header('upload-offset'));
    if (offset === undefined) throw refuse.noOffset();
    const id = c.req.param('id');
    const held = await locks.holding(id, async () => {
      const row = await store.findUpload(id, deps.now());
      if (!row) throw refuse.notFound();
      if (row.lang) answerIn(c, row.lang);
      if (row.upload_offset !== offset) throw refuse.offsetMismatch();
      if (offset === row.length) return row;
      await room.holding(row.length - offset, () => receive(c, row, offset));
      return undefined;
    });
    if (!held) throw refuse.offsetMismatch();
    // At the end of a complete upload: answered without the lock, as it may wait its turn.
    if (held.done) await complete(c, held.done);
    return c.body(null, 204);
  });

  app.delete(`${PATH}/:id`, originIfAny(deps), async (c) => {
    const id = c.req.param('id');
    const row = await store.findUpload(id, deps.now());
    if (!row) throw refuse.notFound();
    await store.removeUpload(id);
    return c.body(null, 204);
  });

  /** Stores the request's bytes at `offset`, then checks the upload if it is complete. */
  async function receive(c: Context<UploadGuardEnv>, row: UploadRow, offset: number) {
    const { body } = c.get('upload');
    let reached: number;
    try {
      reached = await store.appendUpload(row, offset, passing(body ?? (async function* () {})()));
    } catch (error) {
      if (error instanceof RangeError) throw refuse.pastLength();
      if (error instanceof UploadOffsetConflict) throw refuse.offsetMismatch();
      // The disk filled as it wrote: what was stored is kept, and HEAD says where it ends.
      if (isStorageFull(error)) throw refuse.noRoom();
      throw error;
    }
    c.header('Upload-Offset', String(reached));
    c.header('Upload-Expires', expiresHeader(row.expires_at));
    if (reached === row.length) await finish(c, { ...row, upload_offset: reached });
  }

  /**
   * A PATCH at the end of a complete upload: no byte more is taken (its body is refused at its
   * first byte) and no work is done again; the verdict kept is answered, or the check is made
   * if it never was (the one that completed it failed on a fault of ours). A loop of them from
   * one address is paced (`idle-pace.ts`).
   */
  async function complete(c: Context<UploadGuardEnv>, row: UploadRow) {
    await idle.turn(clientKey(c));
    if (!(await isEmpty(c))) throw refuse.pastLength();
    c.header('Upload-Offset', String(row.length));
    c.header('Upload-Expires', expiresHeader(row.expires_at));
    if (row.verdict) sayKeptVerdict(c, row);
    else await finish(c, row);
  }

  /**
   * Checks a complete upload (once: `check-once.ts`) and says the verdict with the answer; while
   * another request checks it, the answer has none and a HEAD says it later.
   */
  async function finish(c: Context, row: UploadRow) {
    const verdict = await check(row);
    if (verdict) c.header('Upload-Check', encodeUploadCheck(verdict));
  }

  return app;
}

/** The verdict kept on the upload's row, if it has one, with the answer. */
function sayKeptVerdict(c: Context, row: UploadRow) {
  if (row.verdict)
    c.header('Upload-Check', encodeUploadCheck(JSON.parse(row.verdict) as UploadCheck));
}

/** Whether a request's body has no byte; read no further than its first piece. */
async function isEmpty(c: Context<UploadGuardEnv>): Promise<boolean> {
  // Said to be empty: nothing to read.
  if (c.req.header('content-length')?.trim() === '0') return true;
  const { body } = c.get('upload');
  if (!body) return true;
  for await (const piece of body) if (piece.byteLength > 0) return false;
  return true;
}

/**
 * The language the upload's answers are said in, before anything can refuse it: the one a
 * creation names in `Upload-Metadata` (the widget's), else the client's `Accept-Language`,
 * matched to the form's languages; a PATCH of an upload made in one is said in it.
 */
const uploadLanguage =
  (deps: UploadRouteDeps): MiddlewareHandler =>
  async (c, next) => {
    const named =
      c.req.method === 'POST'
        ? parseMetadata(c.req.header('upload-metadata'))?.get('lang')
        : undefined;
    answerIn(c, formIn(deps.form.current(), named || c.req.header('accept-language')).lang);
    await next();
  };

/**
 * The protocol's headers on every answer; `OPTIONS` also says what this server speaks, and any
 * other request of another version is refused (`412`).
 */
const tusAnswers =
  (maxFileBytes: () => number): MiddlewareHandler =>
  async (c, next) => {
    // Set on the context, so that a refusal thrown here or below, answered by the app's one place
    // (`intake/answer-refusal.ts`), carries it too.
    c.header('Tus-Resumable', TUS_VERSION);
    const options = c.req.method === 'OPTIONS';
    if (!options && c.req.method !== 'GET' && c.req.header('tus-resumable') !== TUS_VERSION)
      throw refuse.version();
    await next();
    if (!options) return;
    c.res.headers.set('Tus-Version', TUS_VERSION);
    c.res.headers.set('Tus-Extension', TUS_EXTENSIONS);
    c.res.headers.set('Tus-Max-Size', String(maxFileBytes()));
  };

/**
 * A browser's page must be an allowed one; a request without `Origin` (a server, an app) may go
 * on an upload whose id it holds, as the id is the secret.
 */
const originIfAny =
  (deps: UploadRouteDeps): MiddlewareHandler =>
  async (c, next) =>
    c.req.header('origin') === undefined ? next() : requireAllowedOrigin(deps)(c, next);
