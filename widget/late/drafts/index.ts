/**
 * Saved enquiries, a chunk of the late bundle (`docs/saved-enquiries.md`): fetched for a form
 * that offers "Save and continue later" (`draftDays`), for a page opened from a saved
 * enquiry's link (`#enquiry-draft=<id>.<key>`), and for a reload onto a form published anew
 * since some answers of the tab's draft were given (`../asked.ts`). It saves what the form holds,
 * sealed in the browser (`draft-cipher.ts`), with the uploads sent so far; it opens a link once
 * the code sent to its address is typed, and puts the enquiry back on its step, its files listed
 * as attached; and it says which answers to give again when the form has changed.
 */
import { DRAFT_FRAGMENT, type PublicFormConfig } from '#contract';
import type { ElementBase } from '../../element-base.ts';
import type { FilesController } from '../files-controller.ts';
import { adoptStyles } from '../lit-tags.ts';
import type { LatePorts } from '../ports.ts';
import { linkIn, postJson } from './draft-api.ts';
import { open, randomText, seal } from './draft-cipher.ts';
import { contentOf, restore, sinceTab } from './draft-content.ts';
import { adoptRecord } from './unfinished-record.ts';
import { draftStyles } from './drafts.styles.ts';
import { ResumePanel, type TryOutcome } from './resume-panel.ts';
import { SavePanel, type SaveOutcome } from './save-panel.ts';
import { DRAFT_STRINGS } from './strings.ts';
import { notice } from './notice.ts';

/** The draft this tab saved or opened: saving again keeps its link (the same id and key). */
interface OwnLink {
  id: string;
  key: string;
  write: string;
  email: string;
}

/** The elements this chunk works for: one set of screens each. */
const attached = new WeakSet<ElementBase>();

/**
 * Works for `host`'s form: its save button, a link's page, and `changed`, the answers of the
 * tab's draft whose question has changed since (given again). Called again at each change of
 * what the form needs; it attaches once.
 */
export function attach(
  host: ElementBase,
  ports: LatePorts,
  files: FilesController,
  /** What the form was when the tab's draft was kept, when it has changed since (`../asked.ts`). */
  formBefore: string | undefined,
  /** A day as the visitor's language and region write it (`../dates.ts`, the late bundle's). */
  date: (at: number) => string,
): void {
  if (attached.has(host)) return;
  attached.add(host);
  ports.learnStrings(DRAFT_STRINGS);
  adoptStyles(host.renderRoot, draftStyles);
  new Drafts(host, ports, files, date).start(formBefore);
}

class Drafts {
  readonly #storeKey: string;
  #own: OwnLink | undefined;
  #save: SavePanel | undefined;
  #resume: ResumePanel | undefined;

  constructor(
    private readonly host: ElementBase,
    private readonly ports: LatePorts,
    private readonly files: FilesController,
    private readonly date: (at: number) => string,
  ) {
    this.#storeKey = `enquiry-form:saved:${ports.session.key}`;
    this.#own = this.#read();
  }

  /** `formBefore`: what the form was when the tab's draft was kept, if it has changed since. */
  start(formBefore: string | undefined): void {
    const { session } = this.ports;
    const config = session.config;
    if (!config) return;
    if (formBefore) this.#sinceTab(formBefore, config);
    if (config.draftDays)
      this.#save = new SavePanel({
        t: () => this.ports.t(),
        days: () => session.config?.draftDays ?? 0,
        email: () => this.#own?.email ?? session.values.email,
        date: this.date,
        save: (email) => this.#saved(email),
      });
    const link = linkIn(location.hash);
    if (link === null) this.#say([this.ports.t().text('draftBroken')]);
    if (link) this.#opening(link);
    this.host.addController({ hostUpdated: () => void this.#updated() });
    void this.#updated();
  }

  /** Keeps the screens under the form, in the form's language, shown while it is. */
  async #updated(): Promise<void> {
    const { state } = this.ports;
    const root = this.host.renderRoot.querySelector('.root');
    for (const panel of [this.#save, this.#resume]) {
      if (!panel) continue;
      if (root && panel.element.parentNode !== root) root.append(panel.element);
      panel.draw();
    }
    const sent = ['delivered', 'queued'].includes(state.status.kind);
    if (this.#save) this.#save.visible = ['idle', 'invalid', 'failed'].includes(state.status.kind);
    // Sent: the saved enquiry has done its work, and goes with the files it kept.
    if (sent && this.#own) {
      const { id, write } = this.#own;
      this.#keep(undefined);
      await postJson(this.ports.session.url('/api/drafts/discard'), { id, write });
    }
  }

  /** Saves the form as it stands for `email`, under this tab's link if it has one. */
  async #saved(email: string): Promise<SaveOutcome> {
    const { session } = this.ports;
    const t = () => this.ports.t();
    const config = session.config as PublicFormConfig;
    const own = this.#own;
    const key = own?.key ?? randomText(32);
    const write = own?.write ?? randomText(16);
    const kept = await this.files.kept();
    const content = contentOf(config, session.values, session.step, kept, {
      write,
      email,
    });
    const body = {
      write,
      key,
      ciphertext: await seal(content, key),
      email,
      page: location.href.split('#')[0],
      lang: t().locale,
      uploads: kept.map(({ id, key: uploadKey }) => ({ id, key: uploadKey })),
    };
    const post = async (id: string | undefined, fresh: boolean) =>
      postJson(session.url('/api/drafts'), {
        ...body,
        ...(id ? { id } : {}),
        form_token: (await session.formToken(fresh))?.token ?? '',
      });
    let answer = await post(own?.id, false);
    // A form open for hours: its token is renewed once. A link gone (expired): a new one.
    if (answer.status === 400 && JSON.stringify(answer.body).includes('form_token'))
      answer = await post(own?.id, true);
    if (answer.status === 404) answer = await post(undefined, false);
    if (answer.status !== 201) {
      const field = answer.status === 400 && JSON.stringify(answer.body).includes('"email"');
      const said = typeof answer.body.message === 'string' ? answer.body.message : '';
      return {
        kind: 'refused',
        message:
          answer.status >= 400 && answer.status < 500 && said ? said : t().text('draftSaveFailed'),
        field,
      };
    }
    const saved = answer.body as { id: string; expiresAt: number };
    this.#keep({ id: saved.id, key, write, email });
    const names = new Set(kept.map((upload) => upload.name));
    return {
      kind: 'saved',
      email,
      expiresAt: saved.expiresAt,
      notKept: this.files.names.filter((name) => !names.has(name)),
    };
  }

  /** A link's page, in place of the form until its code is typed. */
  #opening(link: { id: string; key: string }): void {
    const { session } = this.ports;
    // The page's address holds the key: no request from it names the page.
    if (!document.querySelector('meta[name=referrer]'))
      document.head.append(
        Object.assign(document.createElement('meta'), { name: 'referrer', content: 'no-referrer' }),
      );
    const panel = new ResumePanel({
      t: () => this.ports.t(),
      askCode: async (email) => {
        const answer = await postJson(session.url('/api/drafts/code'), {
          id: link.id,
          email,
          lang: this.ports.t().locale,
        });
        return answer.status === 429 ? { locked: answer.retryAfter } : answer.status === 202;
      },
      tryCode: (code) => this.#tryCode(link, code),
      startNew: () => {
        this.#closeResume();
        this.host.requestUpdate();
      },
    });
    this.#resume = panel;
    void this.host.updateComplete.then(() => {
      panel.focus();
    });
  }

  async #tryCode(link: { id: string; key: string }, code: string): Promise<TryOutcome> {
    const { session } = this.ports;
    const answer = await postJson(session.url('/api/drafts/open'), { id: link.id, code });
    if (answer.status === 429) return { locked: answer.retryAfter };
    if (answer.status === 400) return 'wrong';
    if (answer.status !== 200) return 'failed';
    const config = session.config;
    let saved: unknown;
    try {
      saved = await open(String(answer.body.ciphertext), link.key);
    } catch {
      return 'broken';
    }
    if (!config) return 'failed';
    const blank = Object.fromEntries(
      Object.keys(session.values).map((name) => [name, '']),
    ) as unknown as typeof session.values;
    const restored = restore(saved, config, session.fixedCaseType(), blank);
    Object.assign(session.values, restored.values);
    // The step's setter keeps the draft: a reload from here shows what was restored.
    session.step = restored.step;
    // A reminder's link: its record goes on here, kept as the form changes.
    adoptRecord(session.key, saved);
    const content = saved as { write?: unknown; email?: unknown };
    this.#keep({ ...link, write: String(content.write), email: String(content.email) });
    await this.files.adopt(restored.uploads);
    this.#closeResume();
    this.#say([this.ports.t().text('draftRestored')], restored);
    this.ports.state.set({ kind: 'idle' });
    return 'opened';
  }

  /** The link's page goes, and the key with it from the address bar and the tab's history. */
  #closeResume(): void {
    this.#resume?.element.remove();
    this.#resume = undefined;
    const url = new URL(location.href);
    const params = new URLSearchParams(url.hash.slice(1));
    params.delete(DRAFT_FRAGMENT);
    url.hash = params.toString();
    history.replaceState(history.state, '', url.href);
  }

  /**
   * Takes back the answers of the tab's draft whose question changed since they were given, or
   * is no longer asked, and says so; the others stay, under the labels their options have now.
   */
  #sinceTab(formBefore: string, config: PublicFormConfig): void {
    const { session } = this.ports;
    const judged = sinceTab(formBefore, config, session.values);
    session.values.answers = judged.answers;
    // The step's setter writes the tab's draft again, now without the answers taken back.
    const step = session.step;
    session.step = step;
    if (judged.dropped[0]) this.#say([], judged);
    this.host.requestUpdate();
  }

  /**
   * A notice above the form: `lines`, then, when the form has changed since the answers were
   * given, the questions to answer again and whether some are no longer asked; focus goes to it.
   */
  #say(lines: readonly string[], changes?: { giveAgain: string[]; removed: boolean }): void {
    const t = this.ports.t();
    const changed = changes && (changes.giveAgain[0] || changes.removed);
    const shown = notice(
      [
        ...lines,
        ...(changed ? [t.text('draftChanged')] : []),
        ...(changes?.removed ? [t.text('draftRemoved')] : []),
        ...(changes?.giveAgain[0] ? [t.text('draftGiveAgain')] : []),
      ],
      changes?.giveAgain ?? [],
    );
    this.host.renderRoot.querySelector('.drafts-notice')?.remove();
    this.host.renderRoot.querySelector('.root')?.before(shown);
    void this.host.updateComplete.then(() => {
      shown.focus();
    });
  }

  #read(): OwnLink | undefined {
    try {
      return (JSON.parse(sessionStorage.getItem(this.#storeKey) ?? 'null') ?? undefined) as
        OwnLink | undefined;
    } catch {
      return undefined;
    }
  }

  #keep(own: OwnLink | undefined): void {
    this.#own = own;
    try {
      if (own) sessionStorage.setItem(this.#storeKey, JSON.stringify(own));
      else sessionStorage.removeItem(this.#storeKey);
    } catch {
      // Without storage, this tab saves again under a new link; the old one expires.
    }
  }
}
