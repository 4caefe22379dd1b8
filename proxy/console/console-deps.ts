/** What the firm's console is built from: its parts, and what its routes read of the app's. */
import type { CheckRecord } from '../client/check.ts';
import type { CurrentForm } from '../studio/live-form.ts';
import type { Deliverer } from '../delivery/deliverer.ts';
import type { AdminTokenDeps } from '../http/admin-only.ts';
import type { SubmissionLimits } from '../intake/upload-guard.ts';
import type { PublicOriginOptions } from '../http/public-origin.ts';
import type { Limiter } from '../limiter/token-buckets.ts';
import type { Logger } from '../logger.ts';
import type {
  AuditLog,
  BookingStore,
  CallMarks,
  HostCalendars,
  HostFeeds,
  OperatorView,
  People,
  PlatformOutages,
  Settings,
  SubjectRights,
  TeamPeople,
  UnfinishedView,
  WebhookDeliveries,
} from '../outbox/store.ts';
import type { HostSignIn } from '../booking/host-sign-in/host-sign-in.ts';
import type { FormStudio } from '../studio/form-studio.ts';
import type { OidcSettings } from './oidc-settings.ts';

/** What the firm's console reads and acts through. */
export interface ConsoleDeps {
  /** The same reads and actions as `npm run outbox`, the people, the audit log. */
  store: OperatorView &
    Settings &
    AuditLog &
    People &
    Pick<WebhookDeliveries, 'listWebhooks'> &
    Pick<SubjectRights, 'erase'> &
    Pick<PlatformOutages, 'platformOutage'> &
    TeamPeople &
    Pick<BookingStore, 'bookingsOf'> &
    CallMarks &
    HostFeeds &
    Pick<HostCalendars, 'hostCalendars' | 'unreadCalendars'> &
    Pick<UnfinishedView, 'unfinishedPage' | 'unfinishedCounts' | 'eraseUnfinishedRecord'>;
  /** Where uploads are spooled (`DATA_DIR/incoming`), so an erasure removes any copy left there. */
  spoolDir?: string | undefined;
  /**
   * A secret of the outbox's, mixed with the token into the key of sessions and CSRF tokens: the
   * sign-in form's CSRF token, given to anyone, must not let a guess of the token be checked
   * offline.
   */
  sessionSecret: string;
  /** The last platform check (at start, or while paused), once one has run. */
  lastCheck: () => CheckRecord | undefined;
  /** True when the request came through one of `TRUSTED_PROXIES` (its X-Forwarded-* count). */
  fromTrustedProxy: PublicOriginOptions['fromTrustedProxy'];
  /** The firm's identity provider (`OIDC_ISSUER`, …), when it has one. */
  oidc?: OidcSettings | undefined;
  /**
   * Tries of a passkey or the identity provider's sign-in per client address (the admin
   * token's are `adminGuard`'s): a failed one is spent, a good one given back.
   */
  signInLimiter?: Limiter | undefined;
}

/** What the console's routes read from the app's parts. */
export interface ConsoleRouteDeps extends AdminTokenDeps {
  /** The form, as it is served now. */
  form: CurrentForm;
  /**
   * The form's versions and draft (`studio/form-studio.ts`, AppDeps' `studio`): with it, the
   * form studio's pages are at `/admin/form`.
   */
  studio?: FormStudio | undefined;
  /** `PUBLIC_URL`: the origin the console's forms are sent from; else the request's. */
  publicUrl?: string | undefined;
  /** The console's parts; without them (or anyone who could sign in) `/admin/` answers 404. */
  console?: ConsoleDeps | undefined;
  deliverer: Pick<Deliverer, 'deliverNow' | 'pauseState' | 'upstreamDown'>;
  /** The enquiry's body limits, which the studio's preview guards its sends with. */
  limits: SubmissionLimits;
  /**
   * Whether the mailer can send the visitor's emails (`emailOn`) and the teams' notices
   * (`noticesOn`): the studio says where the form asks for what it cannot send.
   */
  aftercare?: { emailOn: boolean; noticesOn?: boolean | undefined } | undefined;
  /** Where an identity provider that cannot be reached is reported. */
  log: Pick<Logger, 'warn'>;
  /** Hosts connecting their own calendars by signing in (`calendar-sign-in-routes.ts`). */
  hostSignIn?: HostSignIn | undefined;
}
