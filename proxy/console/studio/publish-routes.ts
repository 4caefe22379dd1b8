/**
 * Making the draft live, and going back: "Make your changes live" is a page of its own (as in
 * GOV.UK Forms) listing in plain words what changes for the platform, with a yes/no; it refuses,
 * naming each problem with a link to its field, until the draft passes every check. Rolling back
 * publishes an old version again after the same kind of page; discarding the draft asks first.
 */
import { providerNotice } from '../../booking/meeting-providers.ts';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { FormDraft, PlatformChange, StudioIssue } from '../../studio/form-studio.ts';
import { needsTo, type ConsoleVariables } from '../access.ts';
import type { Html } from '../pages/layout.ts';
import { confirmPage } from './confirm-page.ts';
import { placeIssues } from './locate.ts';
import { FORM_URL } from './parts.ts';
import { backLink, counted, errorSummary } from './studio-frame.ts';
import { wholeNumber, type Loaded, type StudioContext, type StudioKit } from './studio-kit.ts';

/** The changes for the platform as a list, or a sentence when there are none. */
export const changeList = (changes: readonly PlatformChange[]): Html =>
  changes.length === 0
    ? html`<p>Nothing the platform receives changes: only words or settings it never sees.</p>`
    : html`<ul class="changes">
        ${changes.map((change) => html`<li>${change.words}</li>`)}
      </ul>`;

/** The page that refuses to make the draft live, naming each problem. */
function refusedPage(loaded: Loaded, issues: readonly StudioIssue[]): Html {
  const placed = placeIssues(loaded.config, loaded.published, issues);
  return html`${backLink(FORM_URL, 'Back to the form')}
    <h1>You cannot make these changes live yet</h1>
    ${errorSummary(
      `Fix ${issues.length === 1 ? 'this problem' : `these ${counted(issues.length, 'problem')}`} first`,
      placed.map((p) => ({ href: `${p.url}#${p.place?.id ?? 'main'}`, text: p.words })),
      true,
    )}
    <p>
      Each links to the field to change. Visitors keep getting version ${loaded.live.version}
      meanwhile.
    </p>`;
}

/**
 * What a rollback leaves in the draft, said before and after it: edits not yet live stay there,
 * and making the draft live later would publish them over the version rolled back to.
 */
export const draftKept = (draft: FormDraft, done: boolean): Html =>
  html`<div class="notice" role="note">
    <p>
      The draft still holds edits that are not live (revision ${draft.revision}, saved by
      ${draft.savedBy}).
      ${done ? 'The rollback left them there' : 'Rolling back leaves them there'}: making the draft
      live later would bring them back. To start again from the version rolled back to,
      <a href="${FORM_URL}/discard">discard the draft</a>.
    </p>
  </div>`;

/** What the draft asks that this proxy cannot do (a calendar's own meetings), said before it goes live. */
function asksTooMuch(config: unknown) {
  const words = providerNotice(config);
  return words ? html`<div class="notice" role="note"><p>${words}</p></div>` : '';
}

/** The publishing routes, as a Hono app the studio mounts. */
export function publishRoutes(kit: StudioKit) {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  const editing = needsTo('edit the form');

  const publishPage = async (c: StudioContext, note?: Html, unanswered = false) => {
    const loaded = await kit.load();
    if (!loaded.changed)
      return kit.page(
        c,
        'Make changes live',
        'publish',
        html`${backLink(FORM_URL, 'Back to the form')}
          <h1>Nothing to make live</h1>
          <p>
            The draft is the same as version ${loaded.live.version}, the version visitors get.
          </p>`,
      );
    const { issues, changes } = await kit.studio.check(loaded.config, kit.by(c));
    if (issues.length > 0)
      return kit.page(
        c,
        'Make changes live',
        'publish',
        refusedPage(loaded, issues),
        note ? 409 : 200,
      );
    return kit.page(
      c,
      'Make your changes live',
      'publish',
      confirmPage({
        title: 'Make your changes live',
        question: 'Are you sure you want to make your changes live?',
        details: html`${note ?? ''}${asksTooMuch(loaded.config)}
          <h2>What changes for the platform</h2>
          ${changeList(changes)}
          <p>
            The draft becomes version ${loaded.live.version + 1}. Every visitor who opens the form
            gets it within seconds, and nothing is restarted; a visitor already filling in the form
            can still send it.
          </p>`,
        action: `${FORM_URL}/publish`,
        csrf: c.get('csrf'),
        hidden: { revision: loaded.draft.revision },
        back: { href: FORM_URL, words: 'Back to the form' },
        unanswered,
      }),
      unanswered ? 400 : note ? 409 : 200,
    );
  };

  app.get(`${FORM_URL}/publish`, editing, (c) => publishPage(c));
  app.post(`${FORM_URL}/publish`, editing, async (c) => {
    const form = c.get('form');
    if (form.confirm === 'no') return c.redirect(FORM_URL, 303);
    if (form.confirm !== 'yes') return publishPage(c, undefined, true);
    const outcome = await kit.studio.publish(wholeNumber(form.revision) ?? -1, kit.by(c));
    if ('stale' in outcome)
      return publishPage(
        c,
        html`<div class="notice" role="alert">
          <p>
            ${outcome.stale.savedBy} saved the draft since you opened this page: check what changes
            again.
          </p>
        </div>`,
      );
    if ('refused' in outcome)
      return kit.page(
        c,
        'Make changes live',
        'publish',
        refusedPage(await kit.load(), outcome.refused),
        400,
      );
    return c.redirect(`${FORM_URL}?done=published`, 303);
  });

  const discardPage = (c: StudioContext, unanswered = false) =>
    kit.page(
      c,
      'Discard the draft',
      'form',
      confirmPage({
        title: 'Discard the draft?',
        question: 'Are you sure you want to discard every change since the live version?',
        details: html`<p>
          The draft becomes the live version again. Nothing visitors see changes.
        </p>`,
        action: `${FORM_URL}/discard`,
        csrf: c.get('csrf'),
        back: { href: FORM_URL, words: 'Back to the form' },
        unanswered,
      }),
      unanswered ? 400 : 200,
    );
  app.get(`${FORM_URL}/discard`, editing, (c) => discardPage(c));
  app.post(`${FORM_URL}/discard`, editing, async (c) => {
    const confirm = c.get('form').confirm;
    if (confirm === 'no') return c.redirect(FORM_URL, 303);
    if (confirm !== 'yes') return discardPage(c, true);
    await kit.studio.discardDraft(kit.by(c));
    await kit.audit(c, 'form discard draft', 'the draft is the live version again');
    return c.redirect(`${FORM_URL}?done=discarded`, 303);
  });

  const rollbackPage = async (c: StudioContext, unanswered = false) => {
    const n = wholeNumber(c.req.param('n'));
    const [old, live] = [
      n === undefined ? undefined : await kit.studio.version(n),
      await kit.studio.current(),
    ];
    if (!old || n === undefined) return c.notFound();
    const { changed, draft } = await kit.load();
    return kit.page(
      c,
      `Roll back to version ${String(n)}`,
      'history',
      confirmPage({
        title: `Make version ${String(n)} live again`,
        question: `Are you sure you want to make version ${String(n)} live again?`,
        details: html`<h2>What changes for the platform</h2>
          ${changeList(await kit.studio.compare(live.version, n))}
          <p>
            Version ${n} is published again, as version ${live.version + 1}: every earlier version
            is kept, and visitors get it within seconds.
          </p>
          ${changed ? draftKept(draft, false) : ''}`,
        action: c.req.path,
        csrf: c.get('csrf'),
        back: { href: `${FORM_URL}/history`, words: 'Back to the history' },
        unanswered,
      }),
      unanswered ? 400 : 200,
    );
  };
  app.get(`${FORM_URL}/versions/:n{[0-9]+}/rollback`, editing, (c) => rollbackPage(c));
  app.post(`${FORM_URL}/versions/:n{[0-9]+}/rollback`, editing, async (c) => {
    const confirm = c.get('form').confirm;
    if (confirm === 'no') return c.redirect(`${FORM_URL}/history`, 303);
    if (confirm !== 'yes') return rollbackPage(c, true);
    const n = wholeNumber(c.req.param('n')) ?? 0;
    const outcome = await kit.studio.rollback(n, kit.by(c));
    // What only an operator may make live again (`studio/firm-addresses.ts`), said in words.
    if ('refused' in outcome && outcome.refused.some((issue) => issue.rule === 'operator'))
      return kit.page(
        c,
        `Roll back to version ${String(n)}`,
        'history',
        html`${backLink(`${FORM_URL}/history`, 'Back to the history')}
          <h1>You cannot make version ${n} live again</h1>
          ${errorSummary(
            'Only an operator can',
            outcome.refused.map((issue) => ({ text: issue.message })),
            true,
          )}`,
        400,
      );
    // The outbox's audit entry goes in with the version (`publish form`, `rollback of version n`).
    if (!('published' in outcome)) return c.notFound();
    return c.redirect(`${FORM_URL}/history?done=rolled-back`, 303);
  });
  return app;
}
