/**
 * "Save and continue later" under the form, on every step: a quiet button that opens a short
 * panel asking for the address the link goes to (the contact email, or the one saved with
 * before, already there), and what became of the save, said where focus goes. The panel is a
 * form of its own, apart from the enquiry's, so Enter in it saves and never sends.
 */
import type { Translator } from '../../i18n.ts';
import { button, el, textField } from './dom.ts';

/** What a save came to, as the visitor is told it. */
export type SaveOutcome =
  | { kind: 'saved'; email: string; expiresAt: number; notKept: readonly string[] }
  /** Refused or failed: what to say, and whether it is the address's fault. */
  | { kind: 'refused'; message: string; field?: boolean };

/** What the panel asks of its chunk. */
export interface SavePanelPorts {
  t(): Translator;
  /** How many days a link works (the form's `draftDays`). */
  days(): number;
  /** The address to offer: the one saved with before, else the contact email typed. */
  email(): string;
  /** A day as the visitor's language and region write it (`../dates.ts`). */
  date(at: number): string;
  save(email: string): Promise<SaveOutcome>;
}

/** The button, its panel and the outcome, in one element placed under the form. */
export class SavePanel {
  readonly element = el('div', { class: 'drafts', part: 'save-later' });
  readonly #open = button('button', true, () => {
    this.#show(true);
  });
  readonly #panel = el('form', {
    class: 'drafts__panel',
    id: 'draft-save',
    novalidate: '',
    'aria-labelledby': 'draft-save-title',
  });
  readonly #title = el('h2', { class: 'drafts__title', id: 'draft-save-title', tabindex: '-1' });
  readonly #intro = el('p');
  readonly #email = textField('draft-email', {
    type: 'email',
    autocomplete: 'email',
    spellcheck: 'false',
  });
  readonly #submit = button('submit', false);
  readonly #cancel = button('button', true, () => {
    this.#show(false);
    this.#open.focus();
  });
  readonly #outcome = el('div', { class: 'drafts__outcome', tabindex: '-1', role: 'status' });
  #busy = false;

  constructor(private readonly ports: SavePanelPorts) {
    this.#open.setAttribute('aria-expanded', 'false');
    this.#open.setAttribute('aria-controls', this.#panel.id);
    this.#panel.append(
      this.#title,
      this.#intro,
      this.#email.field,
      el('div', { class: 'drafts__buttons' }, this.#submit, this.#cancel),
    );
    this.#panel.hidden = true;
    this.#panel.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.#save();
    });
    this.element.append(this.#open, this.#panel, this.#outcome);
    this.draw();
  }

  /** Says everything in the visitor's language now (the form's language may switch). */
  draw(): void {
    const t = this.ports.t();
    const save = t.text('draftSave');
    this.#open.textContent = save;
    this.#title.textContent = save;
    const until = Date.now() + this.ports.days() * 86_400_000;
    this.#intro.textContent = t.text('draftSaveIntro', { date: this.ports.date(until) });
    this.#email.label.textContent = t.text('draftEmail');
    this.#email.hint.textContent = t.text('draftEmailHint');
    this.#submit.textContent = t.text('draftSaveButton');
    this.#cancel.textContent = t.text('draftCancel');
  }

  #show(open: boolean): void {
    this.#panel.hidden = !open;
    this.#open.hidden = open;
    this.#open.setAttribute('aria-expanded', String(open));
    if (!open) return;
    this.#outcome.replaceChildren();
    this.#email.error(undefined, '');
    if (!this.#email.input.value) this.#email.input.value = this.ports.email();
    this.#title.focus();
  }

  async #save(): Promise<void> {
    if (this.#busy) return;
    const t = this.ports.t();
    const email = this.#email.input.value.trim();
    if (!email) {
      this.#email.error(t.text('email.required'), t.text('errorPrefix'));
      this.#email.input.focus();
      return;
    }
    this.#busy = true;
    this.#submit.setAttribute('aria-disabled', 'true');
    const outcome = await this.ports.save(email).finally(() => {
      this.#busy = false;
      this.#submit.removeAttribute('aria-disabled');
    });
    if (outcome.kind === 'refused') {
      if (outcome.field) {
        this.#email.error(outcome.message, t.text('errorPrefix'));
        this.#email.input.focus();
      } else this.#say([outcome.message], 'alert');
      return;
    }
    this.#show(false);
    this.#say([
      t.text('draftSaved', { email: outcome.email, date: this.ports.date(outcome.expiresAt) }),
      ...outcome.notKept.map((name) => t.text('draftNotKept', { name })),
    ]);
  }

  /** Shows `lines` under the button and puts focus on them (a refusal as an alert). */
  #say(lines: readonly string[], role: 'status' | 'alert' = 'status'): void {
    this.#outcome.setAttribute('role', role);
    this.#outcome.classList.toggle('drafts__outcome--refused', role === 'alert');
    this.#outcome.replaceChildren(...lines.map((line) => el('p', {}, line)));
    this.#outcome.focus();
  }

  /** Shown with the form, hidden when there is none (sent, loading, unavailable). */
  set visible(shown: boolean) {
    this.element.hidden = !shown;
  }
}
