/**
 * Moving through a form in steps: Continue checks only the step's fields (the shared rules, as a
 * send does), Back and the browser's Back and Forward move between steps without leaving the
 * page, "Change" on Check your answers leads to a step and back, and each move puts focus on
 * the step's heading and says where the visitor now is. The step is kept with the draft.
 */
import type { ReactiveController } from 'lit';
import type { StepKey } from '#contract';
import type { ElementBase } from '../../element-base.ts';
import { focusAtTop } from '../focus-at-top.ts';
import type { Translator } from '../../i18n.ts';
import type { ShownIssue } from '../../issues.ts';
import type { SessionController } from '../../session.ts';
import type { FormState } from '../../state.ts';
import type { StepsView } from '../ports.ts';

/** What the steps work with: the element's state, session and words. */
export interface StepsDeps {
  state: FormState;
  session: SessionController;
  t(): Translator;
  announce(text: string): void;
  /** The steps now and the one shown, as the element draws them; undefined on one page. */
  steps(): StepsView | undefined;
}

/** What a step change leaves in the browser's history entry (beside the page's own state). */
interface StepEntry {
  step: StepKey;
  /** The step the visitor came from: Back returns to it through the history when it is the one before. */
  from: StepKey;
}

/** The steps of one element. */
export class StepsController implements ReactiveController {
  #focusHeading = false;
  /** Set by "Change": the next Continue goes straight back to Check your answers. */
  #returnToCheck = false;
  /** History entries not added yet, oldest first; undefined when nothing waits (`#record`). */
  #unpushed: StepEntry[] | undefined;
  /** The step the form's Back is going to through the history, until the browser gets there. */
  #backTo: StepKey | undefined;
  /** The last step announced ("Step 2 of 5: Your enquiry"), kept to follow its count (`#recount`). */
  #said: string | undefined;

  constructor(
    private readonly host: ElementBase,
    private readonly deps: StepsDeps,
  ) {
    host.addController(this);
  }

  /** One form's entry in `history.state`, which the page may use for its own keys too. */
  get #historyKey() {
    return `enquiry-form-step:${this.deps.session.key}`;
  }

  /** The steps now and the one shown; undefined when the form is on one page. */
  now(): StepsView | undefined {
    return this.deps.steps();
  }

  hostConnected(): void {
    addEventListener('popstate', this.#popped);
  }

  hostDisconnected(): void {
    removeEventListener('popstate', this.#popped);
  }

  hostUpdated(): void {
    this.#recount();
    if (!this.#focusHeading) return;
    this.#focusHeading = false;
    const heading = this.host.renderRoot.querySelector<HTMLElement>('.step-title');
    if (heading) focusAtTop(heading);
  }

  /**
   * An answer on the step shown can change the count under the visitor (choosing a case type
   * with steps of its own: "Step 2 of 6" where the step was announced as "Step 2 of 5"): while
   * the live region still holds this step's announcement, it is said again with the heading's
   * count, so the two never disagree.
   */
  #recount(): void {
    const steps = this.now();
    const region = this.host.renderRoot.querySelector('[role=status]');
    if (!steps || !this.#said || region?.textContent !== this.#said) return;
    const where = this.#where(steps);
    if (where !== this.#said) this.deps.announce((this.#said = where));
  }

  /** "Step 2 of 6: The property", as the step's heading says it. */
  #where(steps: StepsView): string {
    const t = this.deps.t();
    const count = t.text('stepOf', {
      number: steps.all.indexOf(steps.shown) + 1,
      count: steps.all.length,
    });
    return `${count}: ${steps.part.stepTitle(steps.shown, (key) => t.text(key as 'step.q'))}`;
  }

  /** After Continue found nothing to put right: the next step, or Check your answers after "Change". */
  next(steps: StepsView): void {
    const after = steps.all[steps.all.indexOf(steps.shown) + 1];
    this.#go(this.#returnToCheck ? 'check' : (after?.key ?? 'check'), true);
  }

  /** The problems of the step shown, among `issues` (those of the whole form). */
  onShownStep(steps: StepsView, issues: readonly ShownIssue[]): ShownIssue[] {
    return issues.filter(
      (issue) => steps.part.stepOfField(steps.all, issue.field) === steps.shown.key,
    );
  }

  /**
   * After a send the proxy or the rules refused: the visitor is taken to the step of the first
   * problem (a value from another step, or one only the proxy knows is wrong), and shown that
   * step's problems.
   */
  toProblems(): void {
    const steps = this.now();
    const status = this.deps.state.status;
    const first = status.kind === 'invalid' ? status.issues[0] : undefined;
    if (!steps || !first || status.kind !== 'invalid') return;
    const step = steps.part.stepOfField(steps.all, first.field);
    if (step === steps.shown.key) return;
    this.#record(step, steps.shown.key, true);
    const there = this.now();
    if (there)
      this.deps.state.set({ kind: 'invalid', issues: this.onShownStep(there, status.issues) });
  }

  /** Back: through the history when the entry before is the step before, so Forward still works. */
  back(): void {
    const steps = this.now();
    const before = steps?.all[steps.all.indexOf(steps.shown) - 1];
    if (!steps || !before) return;
    this.#pushNow();
    const entry = (history.state as Record<string, StepEntry | undefined> | null)?.[
      this.#historyKey
    ];
    const backward = entry?.step === steps.shown.key && entry.from === before.key && backInPage();
    if (!backward) {
      this.#go(before.key, true);
      return;
    }
    // A traversal the browser refuses (an entry it counts as added without a gesture) is a
    // Back that did nothing: the step before is shown in a new entry instead.
    this.#backTo = before.key;
    backward().catch(() => {
      this.#backTo = undefined;
      this.#go(before.key, true);
    });
  }

  /** "Change" on Check your answers: to the answer's step, and back to the check after it. */
  change(step: StepKey): void {
    this.#returnToCheck = true;
    this.#go(step, true);
  }

  #popped = (event: PopStateEvent): void => {
    // The browser moved before a step's entry was added: that step is left, its entry not wanted.
    if (this.#unpushed) this.#unpushed = [];
    const kind = this.deps.state.status.kind;
    if (kind === 'sending' || kind === 'delivered' || kind === 'queued') return;
    const entry = (event.state as Record<string, StepEntry | undefined> | null)?.[this.#historyKey];
    // The form's Back shows the step before wherever the traversal landed: a reload as a step's
    // entry was added can leave another entry before it (seen in CI's Chromium, not reproduced).
    const backTo = this.#backTo;
    this.#backTo = undefined;
    const step = entry?.step ?? 'contact';
    if (backTo && step !== backTo) this.#go(backTo, true);
    else if (step !== this.now()?.shown.key) this.#go(step, false);
  };

  /** Shows `step`, says so, and puts focus on its heading. */
  #go(step: StepKey, push: boolean): void {
    const { state } = this.deps;
    const from = this.now()?.shown.key ?? 'contact';
    if (step === 'check') this.#returnToCheck = false;
    this.#record(step, from, push);
    if (state.status.kind === 'invalid' || state.status.kind === 'failed')
      state.set({ kind: 'idle' });
    this.#focusHeading = true;
    const steps = this.now();
    if (steps) {
      this.#said = this.#where(steps);
      this.deps.announce(this.#said);
    }
    this.host.requestUpdate();
  }

  /**
   * Keeps the step with the draft (a millisecond) and, for a move forward, in a new history
   * entry: that once the frame showing the step is painted, as the browser is idle. An entry
   * costs Chromium a few milliseconds (some twenty on a processor slowed 4×), and the visitor is
   * waiting for the step. The form's Back adds any waiting entry first (`back`).
   */
  #record(step: StepKey, from: StepKey, push: boolean): void {
    this.deps.session.step = step;
    if (!push) return;
    if (!this.#unpushed) {
      this.#unpushed = [];
      const later = () => {
        this.#pushNow();
      };
      if ('requestIdleCallback' in window) requestIdleCallback(later, { timeout: 100 });
      else requestAnimationFrame(() => setTimeout(later));
    }
    this.#unpushed.push({ step, from });
  }

  /** Adds the history entries `#record` left for later. */
  #pushNow(): void {
    const entries = this.#unpushed ?? [];
    this.#unpushed = undefined;
    for (const entry of entries)
      history.pushState({ ...(history.state as object | null), [this.#historyKey]: entry }, '');
  }
}

/** The little of the Navigation API (Chromium, Safari 26, Firefox 147) that `back` asks. */
interface NavigationEntries {
  currentEntry: { index: number } | null;
  entries(): { key: string; sameDocument: boolean }[];
  traverseTo(key: string): { committed: Promise<unknown> };
}

/**
 * How to go one entry back without leaving the page, or undefined when the entry before is
 * another page's. A reload as a step's entry is added can leave that entry in place of the one
 * before, or have `history.back()` skip the one before as added without the visitor's gesture
 * (Chromium): the Navigation API goes to that very entry instead. Without it, `history.back()`.
 */
function backInPage(): (() => Promise<unknown>) | undefined {
  const navigation = (window as { navigation?: NavigationEntries }).navigation;
  const current = navigation?.currentEntry;
  if (!navigation || !current) {
    return () => {
      history.back();
      return Promise.resolve();
    };
  }
  const before = navigation.entries()[current.index - 1];
  return before?.sameDocument ? () => navigation.traverseTo(before.key).committed : undefined;
}
