/**
 * What staff do to one lead from its page, mounted by `console-routes.ts` behind
 * `needsTo('read leads')`: a kept file downloaded, the lead retried now (the page drawn once the
 * attempt ended), a refused file left out, the lead erased (confirmed by its box, forced where
 * the platform never had it) and exported as a zip; each written to the audit log with who did
 * it, through the same operator code as `npm run outbox`.
 */
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { eraseLead } from '../operator/erase-lead.ts';
import { keptFile, leadExport } from '../operator/lead-export.ts';
import { submissionJson } from '../operator/lead-report.ts';
import { webStream, zipStream } from '../operator/zip.ts';
import type { ConsoleVariables } from './access.ts';
import type { LeadAudit } from './calls-and-calendars-routes.ts';
import type { ConsoleDeps, ConsoleRouteDeps } from './console-deps.ts';
import { retryOutcome } from './retry-outcome.ts';

/** The routes, as a Hono app to mount at `/` behind the console's gate. */
export function leadActionRoutes(
  deps: ConsoleRouteDeps,
  parts: ConsoleDeps,
  audit: LeadAudit,
): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  const store = parts.store;
  app.get('/admin/leads/:reference/files/:index', async (c) => {
    const lead = await store.get(c.req.param('reference'));
    const file = lead?.files.find((f) => String(f.index) === c.req.param('index'));
    if (!lead || !file) return c.notFound();
    const source = await keptFile(store, lead, file.index);
    if (!source) return c.notFound();
    await audit(c, 'download', lead.reference, `file ${String(file.index)}`);
    return c.body(webStream(Readable.from(source.pieces(), { objectMode: false })), 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(source.size),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'X-Content-Type-Options': 'nosniff',
    });
  });

  app.post('/admin/leads/:reference/retry', async (c) => {
    const reference = c.req.param('reference');
    const outcome = await store.requeue(reference, deps.now());
    if (outcome.kind === 'not_found') return c.notFound();
    await audit(c, 'retry', reference, outcome.kind === 'requeued' ? undefined : outcome.kind);
    // The page is drawn once the attempt has ended (or 10 s have passed): it shows the new state.
    const done =
      outcome.kind === 'requeued'
        ? await retryOutcome(outcome.submission, {
            paused: () => deps.deliverer.pauseState !== undefined,
            deliverNow: (id, ms) => deps.deliverer.deliverNow(id, ms),
            get: (ref) => store.get(ref),
          })
        : 'busy';
    return c.redirect(`/admin/leads/${reference}?done=${done}`, 303);
  });

  app.post('/admin/leads/:reference/skip', async (c) => {
    const reference = c.req.param('reference');
    const index = Number(c.get('form').file);
    if (!Number.isSafeInteger(index) || !(await store.skipFile(reference, index)))
      return c.notFound();
    await audit(c, 'skip', reference, `file ${String(index)}`);
    return c.redirect(`/admin/leads/${reference}?done=skipped`, 303);
  });

  // The store records the erasure in the audit log itself, by a salted hash only.
  app.post('/admin/leads/:reference/erase', async (c) => {
    const reference = c.req.param('reference');
    // The box is the confirmation, checked here: without JavaScript, and whatever the browser
    // made of `required`, one press never erases.
    if (c.get('form').confirm !== 'yes') {
      if (!(await store.get(reference))) return c.notFound();
      return c.redirect(`/admin/leads/${reference}?done=needs_confirm`, 303);
    }
    const outcome = await eraseLead(store, reference, {
      force: c.get('form').force === 'yes',
      at: deps.now(),
      client: deps.clientIp(c),
      spoolDir: parts.spoolDir,
      who: c.get('session'),
    });
    if (outcome.kind === 'not_found') return c.notFound();
    if (outcome.kind === 'needs_force')
      return c.redirect(`/admin/leads/${reference}?done=needs_force`, 303);
    return c.redirect('/admin/leads?done=erased', 303);
  });

  app.post('/admin/leads/:reference/export', async (c) => {
    const lead = await store.get(c.req.param('reference'));
    if (!lead) return c.notFound();
    const exported = await leadExport(store, lead, submissionJson(lead));
    await audit(c, 'export', lead.reference);
    const zip = zipStream(exported.entries, new Date(lead.receivedAt));
    return c.body(webStream(zip.stream), 200, {
      'Content-Type': 'application/zip',
      ...(zip.size >= 0 ? { 'Content-Length': String(zip.size) } : {}),
      'Content-Disposition': `attachment; filename="${lead.reference}.zip"`,
    });
  });
  return app;
}
