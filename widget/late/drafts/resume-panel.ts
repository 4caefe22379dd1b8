/**
 * The page a saved enquiry's link opens, in place of the form until the visitor proves it is
 * theirs: the address they saved with, then the six-digit code sent to it. Opening the link does
 * nothing by itself (a mail scanner, a forwarded link, a guess): nothing is asked of the proxy
 * until the visitor asks for a code, and its answer is the same whether or not the address (or
 * the draft) is the one, so the page says "if".
 */
import type { Translator } from '../../i18n.ts';
import { button, el, textField } from './dom.ts';

/** What the code's try came to. */
export type TryOutcome = 'opened' | 'wrong' | { locked: number } | 'broken' | 'failed';

/** What the panel asks of its chunk. */
export interface ResumePanelPorts {
  t(): Translator;
  /** Asks for a code to `email`; false when the proxy could not be reached or refused. */
  askCode(email: string): Promise<boolean | { locked: number }>;
  tryCode(code: string): Promise<TryOutcome>;
  /** The visitor would rather start afresh: the link is put aside. */
  startNew(): void;
}

/** The link's page: the address, then the code. */
export class ResumePanel {
  readonly element = el('div', {
    class: 'drafts drafts--resuming',
    part: 'saved-enquiry',
    role: 'region',
    'aria-labelledby': 'draft-resume-title',
  });
  readonly #title = el('h2', { class: 'drafts__title', id: 'draft-resume-title', tabindex: '-1' });
  readonly #intro = el('p');
  readonly #emailForm = el('form', { novalidate: '' });
  readonly #email = textField('draft-resume-email', {
    type: 'email',
    autocomplete: 'email',
    spellcheck: 'false',
  });
  readonly #send = button('submit', false);
  readonly #sent = el('div', { class: 'drafts__outcome', role: 'status', tabindex: '-1' });
  readonly #codeForm = el('form', { novalidate: '' });
  readonly #code = textField('draft-code', {
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'one-time-code',
    maxlength: '6',
    pattern: '[0-9]*',
    spellcheck: 'false',
  });
  readonly #open = button('submit', false);
  readonly #again = button('button', true, () => void this.#ask());
  readonly #startNew = button('button', true, () => {
    this.ports.startNew();
  });
  #busy = false;

  constructor(private readonly ports: ResumePanelPorts) {
    this.#code.input.classList.replace('input--email', 'input--code');
    this.#emailForm.append(this.#email.field, this.#send);
    this.#codeForm.append(
      this.#code.field,
      el('div', { class: 'drafts__buttons' }, this.#open, this.#again),
    );
    this.#codeForm.hidden = true;
    this.#emailForm.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.#ask();
    });
    this.#codeForm.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.#try();
    });
    this.element.append(
      this.#title,
      this.#intro,
      this.#emailForm,
      this.#sent,
      this.#codeForm,
      this.#startNew,
    );
    this.draw();
  }

  /** Says everything in the visitor's language now. */
  draw(): void {
    const t = this.ports.t();
    this.#title.textContent = t.text('draftResumeHeading');
    this.#intro.textContent = t.text('draftResumeIntro');
    this.#email.label.textContent = t.text('draftResumeEmail');
    this.#email.hint.textContent = '';
    this.#email.hint.hidden = true;
    this.#send.textContent = t.text('draftSendCode');
    this.#code.label.textContent = t.text('draftCode');
    this.#code.hint.textContent = t.text('draftCodeHint');
    this.#open.textContent = t.text('draftOpen');
    this.#again.textContent = t.text('draftNewCode');
    this.#startNew.textContent = t.text('draftStartNew');
  }

  /** Puts focus on the page's heading, as a new page would. */
  focus(): void {
    this.#title.focus();
  }

  /** Runs `work` unless one is under way, its button marked busy meanwhile. */
  async #once(pressed: HTMLButtonElement, work: () => Promise<void>): Promise<void> {
    if (this.#busy) return;
    this.#busy = true;
    pressed.setAttribute('aria-disabled', 'true');
    try {
      await work();
    } finally {
      this.#busy = false;
      pressed.removeAttribute('aria-disabled');
    }
  }

  #ask(): Promise<void> {
    return this.#once(this.#send, async () => {
      const t = this.ports.t();
      const email = this.#email.input.value.trim();
      const prefix = t.text('errorPrefix');
      if (!email) {
        this.#email.error(t.text('email.required'), prefix);
        this.#email.input.focus();
        return;
      }
      this.#email.error(undefined, prefix);
      const asked = await this.ports.askCode(email);
      if (asked === false) {
        this.#email.error(t.text('draftSaveFailed'), prefix);
        this.#email.input.focus();
        return;
      }
      if (asked !== true) {
        this.#lock(asked.locked);
        return;
      }
      this.#sent.replaceChildren(el('p', {}, t.text('draftCodeSent', { email })));
      this.#codeForm.hidden = false;
      this.#code.error(undefined, prefix);
      this.#code.input.value = '';
      this.#code.input.focus();
    });
  }

  #try(): Promise<void> {
    return this.#once(this.#open, async () => {
      const t = this.ports.t();
      const prefix = t.text('errorPrefix');
      const code = this.#code.input.value.replace(/\s/g, '');
      if (!/^[0-9]{6}$/.test(code)) {
        this.#code.error(t.text('draftCodeRequired'), prefix);
        this.#code.input.focus();
        return;
      }
      const outcome = await this.ports.tryCode(code);
      if (outcome === 'opened') return;
      if (typeof outcome === 'object') {
        this.#lock(outcome.locked);
        return;
      }
      const key =
        outcome === 'wrong'
          ? 'draftCodeWrong'
          : outcome === 'broken'
            ? 'draftBroken'
            : 'draftSaveFailed';
      this.#code.error(t.text(key), prefix);
      this.#code.input.focus();
    });
  }

  /** Too many tries: says how long to wait, on the field in front of the visitor. */
  #lock(seconds: number): void {
    const t = this.ports.t();
    const field = this.#codeForm.hidden ? this.#email : this.#code;
    field.error(t.text('draftLocked', { minutes: Math.ceil(seconds / 60) }), t.text('errorPrefix'));
    field.input.focus();
  }
}
