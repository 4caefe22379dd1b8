/**
 * What every route of the form studio shares: the studio itself (`proxy/studio/form-studio.ts`,
 * the only way the pages reach the form's versions and draft), the draft and the live version
 * read together, who is signed in and whether they may edit, the page in the console's frame
 * with the studio's navigation, and the audit log naming the person.
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { FormActor, FormDraft, FormStudio, FormVersion } from '../../studio/form-studio.ts';
import type { FunnelPageDeps } from '../funnel-page-route.ts';
import { may } from '../../outbox/roles.ts';
import { consoleAudit, personOf, type AuditDeps, type ConsoleVariables } from '../access.ts';
import { consolePage, type Html } from '../pages/layout.ts';
import type { SessionKeys } from '../session.ts';
import type { SubmissionLimits } from '../../intake/upload-guard.ts';
import { publishedOf, type Published } from './published.ts';
import { jsonOf, languagesOf } from './raw-config.ts';
import { studioNav, type StudioPlace } from './studio-frame.ts';

/** A studio route's context. */
export type StudioContext = Context<{ Variables: ConsoleVariables }>;

/**
 * What this proxy can do that the form may ask of it, as the environment set it at start: the
 * settings pages say where the form asks for what the proxy cannot do (`settings-blocks.ts`).
 */
export interface StudioSurroundings {
  /** Emails to visitors can be sent (`SMTP_URL` and `CONFIRMATION_FROM`): confirmations, saving. */
  visitorEmail: boolean;
  /** Emails to the firm can be sent (`SMTP_URL`): the teams' notices of new leads. */
  teamEmail: boolean;
  /** `WEBHOOK_ENDPOINTS`' urls: a team may name one as its own. */
  webhookUrls: readonly string[];
}

/** What the studio's routes are built from. */
export type StudioDeps = Omit<AuditDeps, 'store'> &
  FunnelPageDeps & {
    store: AuditDeps['store'] & FunnelPageDeps['store'];
    studio: FormStudio;
    /** The console's session keys: a preview's widget is let in by a key of its session. */
    keys: SessionKeys;
    /** The enquiry's body limits: a preview's send, which carries files, is guarded by them. */
    limits: SubmissionLimits;
    surroundings: StudioSurroundings;
  };

/** The draft and the live version, read together, with what the live one has made fixed. */
export interface Loaded {
  live: FormVersion;
  liveConfig: unknown;
  draft: FormDraft;
  config: unknown;
  languages: string[];
  published: Published;
  /** The draft differs from the live version. */
  changed: boolean;
}

/** The studio's helpers for its routes. */
export function studioKit(deps: StudioDeps) {
  const { studio } = deps;
  return {
    studio,
    deps,
    async load(): Promise<Loaded> {
      const [live, draft] = await Promise.all([studio.current(), studio.draft()]);
      const liveConfig = JSON.parse(live.text) as unknown;
      return {
        live,
        liveConfig,
        draft,
        config: draft.config,
        languages: languagesOf(draft.config),
        published: publishedOf(liveConfig, live.version),
        changed: jsonOf(draft.config) !== jsonOf(liveConfig),
      };
    },
    /** Whether the person signed in may edit and publish the form. */
    canEdit: (c: StudioContext) => may(c.get('session').role, 'edit the form'),
    /** Who did it, as the studio records it (and the audit log names them), from where. */
    by: (c: StudioContext): FormActor => {
      const who = c.get('session');
      return { person: personOf(who), role: who.role, client: deps.clientIp(c) };
    },
    /** A studio page in the console's frame. */
    page(
      c: StudioContext,
      title: string,
      place: StudioPlace,
      body: Html,
      status: 200 | 400 | 404 | 409 = 200,
    ) {
      const nav = studioNav(place, may(c.get('session').role, 'edit the form'));
      return c.html(
        consolePage({
          title,
          place: 'form',
          csrf: c.get('csrf'),
          who: c.get('session'),
          body: html`${nav}${body}
            <script type="module" src="/admin/form/studio.js"></script>`,
        }),
        status,
      );
    },
    audit: (c: StudioContext, action: string, detail: string) =>
      consoleAudit(deps, c, { action, detail }),
  };
}

/** The studio's helpers, as its route modules take them. */
export type StudioKit = ReturnType<typeof studioKit>;

/** A whole number from a form's field or an address's segment, or undefined. */
export const wholeNumber = (text: string | undefined): number | undefined => {
  if (text === undefined || !/^\d{1,9}$/.test(text)) return undefined;
  return Number(text);
};
