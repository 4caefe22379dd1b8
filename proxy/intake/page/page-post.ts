/**
 * A post of the form without JavaScript to one of its other buttons ("Save and continue later",
 * `intake/drafts/draft-page-route.ts`; "Keep what I have typed", `intake/unfinished/`): the whole
 * form, files and all, as its Send posts it. Its body is guarded as an enquiry's, read as the
 * page's named fields (noted for a refusal, which draws the form again with them), and its files
 * are never kept.
 */
import type { Context } from 'hono';
import { rateLimitKey } from '../../http/client-ip.ts';
import type { CurrentForm } from '../../studio/live-form.ts';
import type { IntakeVariables } from '../answer-refusal.ts';
import { submissionBodyGuard } from '../enquiry-route.ts';
import { tempSpool, type FileSpool } from '../file-spool.ts';
import { readMultipartSubmission } from '../read-multipart.ts';
import type { SubmissionLimits, UploadGuardEnv } from '../upload-guard.ts';

/** What such a route's context holds. */
export type PagePostEnv = { Variables: IntakeVariables & UploadGuardEnv['Variables'] };

/** What reading such posts needs. */
export interface PagePostDeps {
  form: Pick<CurrentForm, 'current'>;
  submissionLimits: SubmissionLimits;
  spool?: FileSpool | undefined;
  clientIp: (c: Context) => string;
}

/** The guard of a route's body, and the reader of its fields once the guard let it in. */
export function pagePosts(deps: PagePostDeps) {
  const clientKey = (c: Context) => rateLimitKey(deps.clientIp(c));
  const spool = deps.spool ?? tempSpool();
  const served = { files: () => deps.form.current().config.files };
  return {
    clientKey,
    bodyGuard: submissionBodyGuard(deps.submissionLimits, served, clientKey),
    /** The post's named fields, and how many files it brought (discarded). */
    fieldsOf: async (c: Context<PagePostEnv>) => {
      const body = { contentType: c.req.header('content-type'), body: c.get('upload').body };
      const received = await readMultipartSubmission(body, served.files(), spool);
      await spool.discard(received.files.map((file) => file.content));
      const fields = new Map(received.plain ?? []);
      c.set('enquiry', { page: true, fields, read: true });
      return { fields, files: received.files.length };
    },
  };
}
