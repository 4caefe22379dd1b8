/**
 * The console's "Unfinished" page (`docs/unfinished.md`): the enquiries visitors kept without
 * sending, newest change first, a page at a time, each with what was typed and the consent it
 * was kept under, and a button that erases it. A role that does not read leads (the marketer)
 * sees the counts alone, never a record.
 */
import { html } from 'hono/html';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import type { UnfinishedCounts, UnfinishedRecord } from '../../outbox/unfinished.ts';
import { caseTypeName, count, keyName, questionName } from './funnel-words.ts';
import { csrfField, dataTable, doneNotice, emailAddress, when } from './layout.ts';

/** Where a page of records starts: after the record changed at `at` with id `id`. */
export interface UnfinishedCursor {
  at: number;
  id: string;
}

/** What the page shows: the counts, and for a role that reads leads one page of records. */
export interface UnfinishedPageData {
  config: FormConfig;
  counts: UnfinishedCounts;
  /** Absent for a role that sees counts only. */
  records?: {
    page: UnfinishedRecord[];
    /** This page started after a cursor (so a link back to the newest is offered). */
    paged: boolean;
    /** Where the next (older) page starts, when there is one. */
    older: UnfinishedCursor | undefined;
    csrf: string;
  };
  done?: string | undefined;
}

/** A cursor as the address carries it: `<at>.<id>`. */
const cursorText = (cursor: UnfinishedCursor) => `${String(cursor.at)}.${cursor.id}`;

/** The cursor an address carries, or none when it is not one (never text from it as is). */
export function cursorOf(text: string | undefined): UnfinishedCursor | undefined {
  const match = /^(\d{1,15})\.([0-9a-f]{32})$/.exec(text ?? '');
  return match?.[1] && match[2] ? { at: Number(match[1]), id: match[2] } : undefined;
}

/** A language by its name in English, the code beside it: "Welsh (cy)". */
function languageName(code: string): string {
  try {
    return `${new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code} (${code})`;
  } catch {
    return code;
  }
}

/** An answer as typed: a list joined, an empty one said so. */
const answerText = (answer: string | string[]) =>
  (Array.isArray(answer) ? answer.join(', ') : answer) || '(empty)';

/** One kept record: who, what they typed, under what consent, and its erase button. */
function recordSection(config: FormConfig, record: UnfinishedRecord, csrf: string) {
  const { fields } = record;
  const name = `${fields.forename} ${fields.surname}`.trim() || '(no name typed)';
  const answers = Object.entries(fields.answers);
  const headingId = `record-${record.id}`;
  return html`<section class="unfinished" aria-labelledby="${headingId}">
    <h2 id="${headingId}">${name}</h2>
    <dl>
      <dt>Email address</dt>
      <dd>${fields.email ? emailAddress(fields.email) : '(none)'}</dd>
      <dt>Telephone</dt>
      <dd>${fields.telephone_mobile || '(none)'}</dd>
      <dt>Case type</dt>
      <dd>${fields.case_type ? caseTypeName(config, fields.case_type) : '(none)'}</dd>
      <dt>Campaign</dt>
      <dd>${keyName(record.marketing.campaign)}</dd>
      <dt>Kept</dt>
      <dd>${when(record.createdAt)}; last changed ${when(record.updatedAt)}</dd>
      <dt>Erased unless sent</dt>
      <dd>${when(record.expiresAt)}</dd>
    </dl>
    <h3>What was typed</h3>
    ${
      answers.length === 0
        ? html`<p>No answer yet.</p>`
        : html`<dl>
            ${answers.map(
              ([id, answer]) =>
                html`<dt>${questionName(config, fields.case_type, id)}</dt>
                  <dd class="typed">${answerText(answer)}</dd>`,
            )}
          </dl>`
    }
    <h3>Consent</h3>
    <dl>
      <dt>As shown</dt>
      <dd><blockquote class="typed">${record.consent.statement}</blockquote></dd>
      <dt>Language</dt>
      <dd>${languageName(record.lang)}</dd>
      <dt>Ticked</dt>
      <dd>${when(record.consent.at, 'second')}</dd>
      ${
        record.reminder
          ? html`<dt>Reminder asked for</dt>
              <dd>
                ${when(record.reminder.at, 'second')}:
                <q>${record.reminder.statement}</q>;
                ${
                  record.reminder.sentAt === null
                    ? html`due ${when(record.reminder.dueAt)}`
                    : html`sent ${when(record.reminder.sentAt)}`
                }
              </dd>`
          : ''
      }
    </dl>
    <form method="post" action="/admin/unfinished/${record.id}/erase">
      ${csrfField(csrf)}
      <p>
        <label
          ><input type="checkbox" name="confirm" value="yes" required /> Yes, erase what ${name}
          typed: this cannot be undone</label
        >
      </p>
      <button type="submit" class="danger">Erase</button>
    </form>
  </section>`;
}

/** The counts every role sees. */
const countsTable = (counts: UnfinishedCounts) =>
  dataTable({
    caption: 'Kept now, and what became of the others since the outbox was made',
    columns: ['Records', 'Count'],
    rowHeaders: true,
    rows: [
      ['Kept now', count(counts.kept)],
      ['Sent later by their visitor', count(counts.finished)],
      ['Erased as their visitor unticked the box', count(counts.unticked)],
      ['Erased after their time', count(counts.expired)],
      ['Erased by the firm', count(counts.erasedByFirm)],
    ],
  });

/** The page's content. */
export function unfinishedBody(data: UnfinishedPageData) {
  const head = html`<h1>Unfinished</h1>
    ${doneNotice(data.done)}
    <p>
      Enquiries visitors started and did not send, kept because they ticked “Keep what I have
      typed”. Each is erased when its visitor unticks the box, when it is sent, or after its time.
      Per campaign, they are in the <a href="/admin/funnel">funnel</a>.
    </p>
    ${countsTable(data.counts)}`;
  const { records } = data;
  if (!records) return head;
  const pager = html`<nav class="pager" aria-label="Pages">
    ${records.paged ? html`<a href="/admin/unfinished">Newest</a>` : ''}
    ${
      records.older
        ? html`<a href="/admin/unfinished?before=${cursorText(records.older)}">Older</a>`
        : ''
    }
  </nav>`;
  return html`${head}
  ${
    records.page.length === 0
      ? html`<p>No unfinished enquiry is kept${records.paged ? ' on this page' : ''}.</p>`
      : records.page.map((record) => recordSection(data.config, record, records.csrf))
  }
  ${pager}`;
}
