/**
 * Unfinished enquiries, a chunk of the late bundle (issue 87, `docs/unfinished.md`): fetched by a
 * form whose configuration has an `unfinished` block, once its visitor has typed into a contact
 * field. Under the last contact field, once an email address or a telephone number is typed, a
 * box, unticked: "Keep what I have typed…", with a line saying for how long, who sees it and how
 * to take it back. Until it is ticked nothing typed leaves the page: this chunk sends nothing.
 * Ticked, what is typed is kept by the proxy (`POST /api/unfinished`) at once, then a moment
 * after each change and as the page is hidden; files never. Where the form offers it and an
 * email address is typed, a second box asks for one reminder by email (`remind`), which the
 * proxy sends with a link back (`proxy/intake/unfinished/unfinished-reminders.ts`); the page
 * that opens it goes on with the same record. Unticked, it is erased at once. The
 * enquiry sent takes the record over, and the page says so to the proxy too.
 */
import { isValidEmail, isValidPhone, lengthIn, shownContactFields } from '#contract';
import type { ElementBase } from '../../element-base.ts';
import { adoptStyles, css, html, nothing } from '../lit-tags.ts';
import type { LatePorts } from '../ports.ts';
import { newRecord, post, readRecord, recordKey, writeRecord, type PageRecord } from './record.ts';
import { recordValues } from './record-values.ts';
import { UNFINISHED_STRINGS } from './strings.ts';

/** How long after the last change what is typed is kept: a pause in typing, not each key. */
const PAUSE_MS = 1500;

const styles = css`
  .unfinished {
    margin-top: var(--_space);
  }
  .unfinished .hint {
    margin: 0;
    padding-inline-start: 15px;
  }
  .unfinished__remind {
    margin-top: calc(var(--_space) / 2);
  }
`;

/** Works for `host`'s form; returns what goes under a field's control (the box, under the last contact field's). */
export function attach(host: ElementBase, ports: LatePorts): (id: string) => unknown {
  ports.learnStrings(UNFINISHED_STRINGS);
  adoptStyles(host.renderRoot, styles);
  const { session, state } = ports;
  const storeKey = recordKey(session.key);
  let record = readRecord(storeKey);
  // What the proxy was last sent, so that a render with nothing changed sends nothing.
  let sent = '';
  let timer: ReturnType<typeof setTimeout> | undefined;

  const url = (path: string) => session.url(`/api/unfinished${path}`);
  const next = (kept: PageRecord) => {
    kept.seq += 1;
    writeRecord(storeKey, kept);
    return kept;
  };
  /** The record let go (unticked, or sent): nothing more is kept; its last count for the proxy. */
  const forget = () => {
    clearTimeout(timer);
    const gone = record && { ...record, seq: record.seq + 1 };
    record = undefined;
    writeRecord(storeKey, undefined);
    return gone;
  };
  /** The second box: a reminder by email, where the form offers one and an address is typed. */
  const offersReminder = () =>
    session.config?.unfinished?.remindAfterHours !== undefined &&
    isValidEmail(session.values.email.trim());
  const hasContact = () =>
    isValidEmail(session.values.email.trim()) || isValidPhone(session.values.telephone_mobile);

  /** Sends what the form holds now, if it changed since the last keep. */
  const keep = async (leaving = false) => {
    clearTimeout(timer);
    const config = session.config;
    if (!record || !config || state.sending || !hasContact()) return false;
    const values = recordValues(config, session.values);
    const now = JSON.stringify([values, record.remind === true]);
    if (now === sent) return true;
    const remind = offersReminder() && record.remind === true;
    const { id, secret, seq } = next(record);
    sent = now;
    const t = ports.t();
    const ok = await post(
      url(''),
      {
        id,
        secret,
        seq,
        form_token: (await session.formToken())?.token ?? '',
        lang: t.locale,
        form_version: config.version,
        values,
        marketing: ports.marketing(),
        remind,
        page: location.href.split('#')[0] ?? '',
      },
      leaving,
    );
    // Not kept (offline, refused): tried again at the next change or pause.
    if (!ok && sent === now) sent = '';
    return ok;
  };

  /** The box ticked or unticked: kept at once, or erased at once. */
  const toggle = async (event: Event) => {
    const t = ports.t();
    if ((event.target as HTMLInputElement).checked) {
      record = newRecord();
      sent = '';
      if (await keep()) ports.announce(t.text('unfinishedKept'));
      return;
    }
    const gone = forget();
    if (!gone) return;
    const { id, secret, seq } = gone;
    if (await post(url('/erase'), { id, secret, seq, lang: t.locale }))
      ports.announce(t.text('unfinishedErased'));
  };

  /** The reminder's box ticked or unticked: the record kept again with it at once. */
  const toggleReminder = (event: Event) => {
    if (!record) return;
    record.remind = (event.target as HTMLInputElement).checked;
    writeRecord(storeKey, record);
    sent = '';
    void keep();
  };

  host.addController({
    hostUpdated: () => {
      const status = state.status;
      clearTimeout(timer);
      if (status.kind === 'delivered' || status.kind === 'queued') {
        // Sent: the enquiry's own transaction took the record over; this says so once more, for
        // a page whose form token was renewed at Send.
        const gone = forget();
        if (gone) {
          const { id, secret, seq } = gone;
          void post(url('/erase'), { id, secret, seq, sent: status.result.reference });
        }
      } else if (record && status.kind !== 'sending')
        timer = setTimeout(() => void keep(), PAUSE_MS);
    },
  });
  const leave = () => void keep(true);
  addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) leave();
  });
  // A reload of a page whose box was ticked: what the reload restored is kept again.
  if (record) void keep();

  const reminderBox = (hours: number) => {
    const t = ports.t();
    return html`<div class="choice choice--checkbox unfinished__remind">
      <input
        class="choice__input"
        id="unfinished-remind"
        type="checkbox"
        aria-describedby="unfinished-remind-hint"
        part="input"
        .checked=${record?.remind === true}
        @change=${toggleReminder}
      />
      <label class="choice__label" for="unfinished-remind" part="label"
        >${t.text('unfinishedRemind')}</label
      >
      <div class="hint" id="unfinished-remind-hint" part="hint">
        ${t.text('unfinishedRemindHint', { after: lengthIn(t.locale, hours) })}
      </div>
    </div>`;
  };

  return (id: string) => {
    const config = session.config;
    const block = config?.unfinished;
    if (!config || !block || id !== shownContactFields(config).at(-1)) return nothing;
    if (!record && !hasContact()) return nothing;
    const t = ports.t();
    const hint = t.text('unfinishedKeepHint', { days: lengthIn(t.locale, block.keepDays * 24) });
    return html`<div class="choice choice--checkbox unfinished" part="unfinished">
      <input
        class="choice__input"
        id="unfinished-keep"
        type="checkbox"
        aria-describedby="unfinished-keep-hint"
        part="input"
        .checked=${record !== undefined}
        @change=${toggle}
      />
      <label class="choice__label" for="unfinished-keep" part="label"
        >${t.text('unfinishedKeep')}</label
      >
      <div class="hint" id="unfinished-keep-hint" part="hint">${hint}</div>
      ${record && offersReminder() ? reminderBox(block.remindAfterHours ?? 0) : nothing}
    </div>`;
  };
}
