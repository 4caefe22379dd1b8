/**
 * What the proxy app is built from: every part it talks to, passed in, so that tests build it in
 * memory and `server.ts` wires it to Node, the outbox and the platform. Each route declares the
 * parts it reads (its own deps type, beside it); the app's are all of them together, so no route
 * imports this module.
 */
import type { ConsoleRouteDeps } from './console/console-guard.ts';
import type { FunnelAdmissionDeps } from './funnel/admission.ts';
import type { EventsRouteDeps } from './http/events-route.ts';
import type { FunnelRouteDeps } from './http/funnel-route.ts';
import type { HealthRouteDeps } from './http/health-routes.ts';
import type { FormRouteDeps } from './intake/page/form-route.ts';
import type { PublicRouteDeps } from './http/public-routes.ts';
import type { SlotsRouteDeps } from './http/slots-route.ts';
import type { CalendarFeedRouteDeps } from './http/calendar-feed-route.ts';
import type { CallPageRouteDeps } from './intake/page/call-page-route.ts';
import type { Logger } from './logger.ts';
import type { EnquiryRouteDeps } from './intake/enquiry-route.ts';
import type { UploadRouteDeps } from './intake/uploads/upload-deps.ts';
import type { DraftsPart } from './intake/drafts/draft-deps.ts';
import type { UnfinishedPart } from './intake/unfinished/unfinished-deps.ts';
import type { FormStudio } from './studio/form-studio.ts';
import type { LiveForm } from './studio/live-form.ts';

/** Everything `createApp` needs: what each route reads, and the log the app's own errors go to. */
export type AppDeps = HealthRouteDeps &
  PublicRouteDeps &
  SlotsRouteDeps &
  CalendarFeedRouteDeps &
  CallPageRouteDeps &
  FormRouteDeps &
  EnquiryRouteDeps &
  ConsoleRouteDeps &
  EventsRouteDeps &
  FunnelRouteDeps &
  FunnelAdmissionDeps &
  Pick<UploadRouteDeps, 'converter' | 'uploadRoom' | 'idlePace'> & {
    /** The form, version by version: every route reads the version served now from it. */
    form: LiveForm;
    /**
     * The form's versions and draft, for the console's studio pages (`/admin/form`); the
     * server's publishes are handed to `form` before they return.
     */
    studio?: FormStudio | undefined;
    log: Logger;
    /** How long an upload no enquiry named is kept (`UPLOAD_EXPIRY_HOURS`; a day without it). */
    uploadExpiryMs?: number | undefined;
    /**
     * "Save and continue later" (`intake/drafts/`), when the configuration's `drafts` asks for it
     * and the mailer can send its emails (`notify/drafts-state.ts`).
     */
    drafts?: DraftsPart | undefined;
    /**
     * Unfinished enquiries kept with their visitor's say-so (`intake/unfinished/`): the routes
     * answer while the version served has an `unfinished` block.
     */
    unfinished?: UnfinishedPart | undefined;
  };
