/**
 * What the preview's widget (and its page without JavaScript) talks to instead of the proxy's
 * own routes, at `/admin/form/preview/api/<key>/api/…`: the draft's form (`/api/form`), a form
 * token, and sends. A send is read and checked exactly as the proxy reads and checks an enquiry
 * (`readMultipartSubmission`, `checkSubmission`, with the draft's configuration) and answered as
 * the proxy answers it: refused in the visitor's language with each problem, or taken. Nothing is
 * stored, nothing delivered, no funnel counted; files read are removed at once. The bot checks (a
 * form filled too fast, Turnstile) are not run: the person previewing is no bot. Its body meets
 * the enquiry's guards all the same (`submissionBodyGuard`): the preview is no way around them.
 *
 * The widget sends no cookie: the key in the address names a live session (`SessionKeys`).
 */
import { Hono, type Context } from 'hono';
import { publicConfig } from '../../contract/public-config.ts';
import type { DeliveredResponse } from '../../contract/wire.ts';
import {
  answerLanguage,
  formIn,
  pageIn,
  wordsIn,
  type FormLanguageDeps,
} from '../../http/form-language.ts';
import { rateLimitKey } from '../../http/client-ip.ts';
import { Refusal } from '../../http/refusal.ts';
import { checkSubmission } from '../../intake/check-submission.ts';
import { submissionBodyGuard } from '../../intake/enquiry-route.ts';
import { tempSpool } from '../../intake/file-spool.ts';
import { formPage, problemPage } from '../../intake/page/form-page.ts';
import { confirmationPage } from '../../intake/page/sent-page.ts';
import { readMultipartSubmission, type ReadSoFar } from '../../intake/read-multipart.ts';
import type { UploadGuardEnv } from '../../intake/upload-guard.ts';
import type { FileLimits } from '../../studio/widest-files.ts';
import type { SessionKeys } from '../session.ts';
import { may } from '../../outbox/roles.ts';
import { previewForms, type PreviewForms } from './preview-forms.ts';
import { previewPageHeaders } from './preview-frame.ts';
import { previewSlots } from './preview-slots.ts';
import type { StudioKit } from './studio-kit.ts';

/** Where the preview's widget sends, for the key of a session. */
export const previewEndpoint = (key: string) => `/admin/form/preview/api/${key}`;

/** The draft's forms, as a preview's routes read them. */
type PreviewDeps = Extract<PreviewForms, { ok: true }>['deps'];

/** What a request of a preview that ended is answered. */
const ENDED = {
  error: 'not_found',
  message: 'This preview has ended: open it again from the console.',
} as const;

/** The reference a taken preview send is answered with: no enquiry has one. */
const PREVIEW_REFERENCE = 'PREVIEW';

/** The language an enquiry part names, read as the intake reads it before it checks the part. */
function partLanguage(text: string | undefined): string | undefined {
  try {
    const lang = (JSON.parse(text ?? '') as { lang?: unknown } | null)?.lang;
    return typeof lang === 'string' && lang.length <= 35 ? lang : undefined;
  } catch {
    return undefined;
  }
}

/** The preview's API, as a Hono app the studio mounts. */
export function previewApi(kit: StudioKit, keys: SessionKeys) {
  const app = new Hono<UploadGuardEnv>();
  const base = '/admin/form/preview/api/:key';

  /** The draft's forms, for a key of a live session of someone who may read the form. */
  async function draftFor(c: Context) {
    const session = await keys.previewSession(c.req.param('key'), kit.deps.now());
    if (!session || !may(session.role, 'read the form')) return undefined;
    const forms = previewForms((await kit.studio.draft()).config, kit.deps.form.current().config);
    return forms.ok ? forms.deps : undefined;
  }

  app.use(`${base}/*`, async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  app.get(`${base}/api/form`, async (c) => {
    const deps = await draftFor(c);
    if (!deps) return c.json(ENDED, 404);
    const { lang, form } = formIn(deps, c.req.query('lang'));
    if (lang) c.header('Content-Language', lang);
    return c.json(publicConfig(form, {}, answerLanguage(deps, lang)));
  });

  // A token the preview's sends carry; no bot check reads it here.
  app.get(`${base}/api/form-token`, (c) => c.json({ token: 'preview' }));

  // The draft's times by its rules alone: a preview books nothing and reads nobody's diary.
  app.get(`${base}/api/slots`, async (c) => {
    const deps = await draftFor(c);
    if (!deps) return c.json(ENDED, 404);
    const { lang, form } = formIn(deps, c.req.query('lang'));
    try {
      return c.json(previewSlots(c, form, lang ?? '', kit.deps.now()));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return c.json(lang ? error.bodyIn(wordsIn(deps, lang), lang) : error.body, error.status);
    }
  });

  // Nothing is counted from a preview.
  app.post(`${base}/api/events`, (c) => c.body(null, 204));

  // No uploads ahead: the widget sends its files with the enquiry, as to a proxy without them.
  app.on(
    ['POST', 'OPTIONS', 'HEAD', 'PATCH', 'DELETE'],
    [`${base}/api/uploads`, `${base}/api/uploads/*`],
    (c) => c.json({ error: 'not_found', message: 'A preview takes files with its send.' }, 404),
  );

  // A send carries files as an enquiry does, and is guarded as one: its size by the draft's
  // limits before a byte is read, its bytes charged to the budget every enquiry shares, a few at
  // once from one address, and ended when it goes silent.
  const draftFiles = new WeakMap<Context, FileLimits>();
  const bodyGuard = submissionBodyGuard(
    kit.deps.limits,
    {
      files: (c) => {
        const files = draftFiles.get(c);
        // The guard runs inside the send's handler, after its draft was read: a bug otherwise.
        if (!files) throw new Error("the preview's send was guarded before its draft was read");
        return files;
      },
    },
    (c) => rateLimitKey(kit.deps.clientIp(c)),
  );

  app.post(`${base}/api/enquiries`, async (c) => {
    const deps = await draftFor(c);
    if (!deps) return c.json(ENDED, 404);
    draftFiles.set(c, deps.config.files);
    const soFar: ReadSoFar = { fields: new Map() };
    let answer: Response | undefined;
    try {
      await bodyGuard(c, async () => {
        answer = await takeSend(c, deps, soFar);
      });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return refused(c, deps, error, soFar);
    }
    return answer;
  });
  return app;

  /** Reads and checks a send as the proxy would, and answers as it would; stores nothing. */
  async function takeSend(c: Context<UploadGuardEnv>, deps: PreviewDeps, soFar: ReadSoFar) {
    const spool = tempSpool();
    let files: Parameters<typeof spool.discard>[0] = [];
    try {
      const body = { contentType: c.req.header('content-type'), body: c.get('upload').body };
      const received = await readMultipartSubmission(body, deps.config.files, spool, soFar);
      files = received.files.map((file) => file.content);
      const checked = checkSubmission(received, deps, kit.deps.now());
      const taken = { reference: PREVIEW_REFERENCE, status: 'delivered' as const };
      if (received.plain)
        return c.html(
          confirmationPage(
            taken,
            undefined,
            pageIn(deps, checked.visitor.lang).language,
          ) as unknown as string,
          200,
          previewPageHeaders(),
        );
      return c.json(
        {
          ...taken,
          enquiryId: 0,
          files: checked.files.map((file) => ({ name: file.name, status: 'delivered' })),
        } satisfies DeliveredResponse,
        201,
      );
    } finally {
      await spool.discard(files);
    }
  }
}

/** A refusal answered as the proxy answers it: the page again for a plain post, else JSON. */
function refused(c: Context, deps: FormLanguageDeps, refusal: Refusal, soFar: ReadSoFar): Response {
  for (const [name, value] of Object.entries(refusal.headers)) c.header(name, value);
  const plain = soFar.fields.size > 0 ? soFar.fields : undefined;
  const asked = plain?.get('lang')?.[0] ?? partLanguage(soFar.enquiryText) ?? c.req.query('lang');
  const visitor = pageIn(deps, asked);
  if (!plain) {
    const { lang } = formIn(deps, asked);
    return c.json(lang ? refusal.bodyIn(wordsIn(deps, lang), lang) : refusal.body, refusal.status);
  }
  const body = refusal.bodyIn(visitor.language.words, visitor.language.lang);
  const issues = ('issues' in body ? body.issues : undefined) ?? [];
  const caseType = visitor.form.caseTypes.find((one) => one.id === plain.get('case_type')?.[0]);
  const page = refusal.redraw
    ? formPage({
        config: visitor.form,
        caseType,
        values: plain,
        issues,
        problem: issues.length > 0 ? undefined : body.message,
        language: visitor.language,
        hiddenLang: visitor.several,
        formToken: 'preview',
        sendTo: c.req.path + (visitor.several ? `?lang=${visitor.lang ?? ''}` : ''),
      })
    : problemPage(body.message, visitor.language);
  return c.html(page as unknown as string, refusal.status as 400, previewPageHeaders());
}
