/**
 * One form view's funnel report (`POST /api/events`, `docs/funnel.md`): the case type, which
 * questions the visitor was shown and answered, the first error each met, and the furthest
 * question reached, by id. Never a value typed, never an identifier; it lives in memory only
 * and is sent at most once: when the page is hidden or left (the element's listeners), or when
 * the enquiry is taken. Nothing is sent under Global Privacy Control or `"analytics": false`.
 */
import { isAnswered, visibleQuestions, type FormConfig, type FunnelReport } from '#contract';
import type { Attribution } from '../attribution.ts';
import type { Values } from '../draft.ts';
import type { SessionController } from '../session.ts';
import type { FormState } from '../state.ts';
import type { HiddenAnswers } from './enquiry-part.ts';

/** A form view's report as it grows. */
export interface FunnelView {
  /**
   * Notes what the form shows now: its visible questions, those answered (reported once the
   * visitor has `started`, typed or chosen something, or sent), and the first error of each
   * question in `issues`.
   */
  see(
    config: FormConfig,
    values: Values,
    started: boolean,
    issues: readonly { field: string; code?: string }[],
  ): void;
  /** Notes that `caseType`'s appointment question showed free times (the picker's chunk says). */
  offered: (caseType: string) => void;
  /** The report so far, with the attribution it will carry; `sent` once the enquiry is taken. */
  report(campaign: string, variant: string, sent?: boolean): FunnelReport;
}

/** A new form view's report. */
export function funnelView(): FunnelView {
  let caseType = '';
  let started = false;
  let order: string[] = [];
  let shown: string[] = [];
  let answered: string[] = [];
  let errors: Record<string, string> = {};
  let offeredIn: string | undefined;
  return {
    see(config, values, typed, issues) {
      started ||= typed || issues.length > 0;
      const chosen = config.caseTypes.find((c) => c.id === values.case_type);
      if (!chosen) return;
      // A visitor who changes case type is counted in the one they end with.
      if (chosen.id !== caseType) {
        caseType = chosen.id;
        order = chosen.questions.map((q) => q.id);
        shown = [];
        answered = [];
        errors = {};
      }
      // Answers are noted before the visitor starts too: a form restored with them (a reload, a
      // saved enquiry) and sent at once sends them, and a send without them is refused.
      for (const { id, type } of visibleQuestions(chosen, values.answers))
        if (type !== 'hidden') {
          if (!shown.includes(id)) shown.push(id);
          if (isAnswered(values.answers[id]) && !answered.includes(id)) answered.push(id);
        }
      // `answers.<id>`: other fields' names, cut the same way, are no question's id.
      for (const { field, code } of issues) {
        const id = field.slice(8);
        if (code && shown.includes(id)) errors[id] ||= code;
      }
    },
    offered(offeredCaseType) {
      offeredIn = offeredCaseType;
    },
    report(campaign, variant, sent) {
      // A view left untouched answered nothing: what it holds (restored or prefilled) was
      // counted by the view that typed it. A send is a start, whatever it holds.
      const counted = sent || started ? answered : [];
      // The furthest question in the form's order that was answered or refused.
      const reached = order.filter((id) => counted.includes(id) || errors[id]).pop();
      return {
        outcome: sent ? 'sent' : started ? 'started' : 'viewed',
        caseType,
        campaign,
        variant,
        shown,
        answered: counted,
        errors,
        // Left out of the JSON when undefined.
        reached,
        // Times shown in the case type the view ends with (its question shown, then): once a view.
        offered: offeredIn === caseType || undefined,
      };
    },
  };
}

/** What the reporter reads of the element. */
export interface FunnelPorts {
  session: SessionController;
  state: FormState;
  /** The attribution the enquiry would carry now. */
  marketing(): Attribution;
  hidden: HiddenAnswers;
}

/** This form view's reporter: notes what the form shows, and sends the report once. */
export function funnelReporter(ports: FunnelPorts) {
  const view = funnelView();
  let open = true;
  return {
    offered: view.offered,
    /** Notes what the form shows now (`started` once the visitor has typed or chosen). */
    see(started: boolean): void {
      const config = ports.session.config;
      if (config) view.see(config, ports.session.values, started, ports.state.issues);
    },
    /** Sends the report (`sent` once the enquiry is taken), at most once per form view. */
    report(sent?: boolean): void {
      const { config, values } = ports.session;
      if (
        !open ||
        !config ||
        config.analytics === false ||
        (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl
      )
        return;
      open = false;
      const named = config.analytics?.variant;
      const caseType = config.caseTypes.find((c) => c.id === values.case_type);
      const variant = named && caseType && ports.hidden(caseType)[named];
      navigator.sendBeacon(
        ports.session.url('/api/events'),
        JSON.stringify(view.report(ports.marketing().campaign, String(variant || ''), sent)),
      );
    },
  };
}
