/**
 * The form's settings pages, each a block of the configuration (or a few keys of it) described
 * once: its address under `/admin/form/`, its heading, where it sits in the file, its fields, how
 * the file's shape becomes the fields' and back, its line on the form's page, and what its page
 * says that the configuration alone cannot (a mailer this proxy has not got). A new block of the
 * configuration is one more entry of `SETTINGS_BLOCKS`: its route, its line on the form's page,
 * its problems placed beside its fields, its texts on the translation page all follow from it.
 */
import type { Html } from '../pages/layout.ts';
import { bookingUses } from './booking-uses.ts';
import type { Field } from './fields.ts';
import {
  bookingViewPath,
  formBookingFields,
  formBookingStored,
  formBookingView,
} from './part-booking.ts';
import { stepChoices, stepsFields, stepsStored, stepsView } from './part-case-type.ts';
import {
  confirmationFields,
  confirmationStored,
  confirmationView,
  draftsFields,
  draftsStored,
  draftsView,
  mailerNotice,
} from './part-emails.ts';
import {
  unfinishedFields,
  unfinishedStored,
  unfinishedSummary,
  unfinishedView,
} from './part-unfinished.ts';
import { routingFields, routingStored, routingView, routingViewPath } from './part-routing.ts';
import {
  consentFields,
  consentStored,
  contactFields,
  contactStored,
  filesFields,
  otherFields,
  otherStored,
  otherView,
} from './part-settings.ts';
import {
  caseTypeName,
  caseTypePart,
  FORM_URL,
  questionPart,
  stepsPart,
  type StudioPart,
} from './parts.ts';
import type { Published } from './published.ts';
import { providerNotice } from '../../booking/meeting-providers.ts';
import { at, isRecord, languagesOf, listAt, shownAt, type Path } from './raw-config.ts';
import type { StudioSurroundings } from './studio-kit.ts';
import { counted } from './studio-frame.ts';

/** What a block's fields are drawn from. */
export interface BlockContext {
  config: unknown;
  languages: readonly string[];
  published: Published;
  surroundings: StudioSurroundings;
}

/** One settings page, described. */
export interface SettingsBlock {
  /** Its address after `/admin/form/`. */
  page: string;
  title: string;
  root: Path;
  owns?: readonly string[];
  fields: (context: BlockContext) => Field[];
  view?: StudioPart['view'];
  stored?: StudioPart['stored'];
  viewPath?: StudioPart['viewPath'];
  /** Its line on the form's page: what it holds now, in words. */
  summary: (config: unknown, surroundings: StudioSurroundings) => string;
  /** What the page says above its fields, when this proxy cannot do what it asks. */
  notice?: (config: unknown, surroundings: StudioSurroundings) => string | undefined;
  /** What the page says above its fields of what the block is for (the Booking page's calls). */
  about?: (config: unknown) => Html;
}

/** What nothing is known about: the pages that only place problems and walk texts. */
const UNKNOWN_SURROUNDINGS: StudioSurroundings = {
  visitorEmail: true,
  teamEmail: true,
  webhookUrls: [],
};

const maxFiles = (config: unknown) => {
  const max = at(config, ['files', 'maxFiles']);
  return typeof max === 'number' ? max : 5;
};

/** Every settings page, in the order the form's page lists them. */
export const SETTINGS_BLOCKS: readonly SettingsBlock[] = [
  {
    page: 'contact',
    title: 'Contact details',
    root: [],
    owns: ['contact', 'phone'],
    fields: contactFields,
    stored: contactStored,
    summary: () => 'Name, email address and telephone number',
  },
  {
    page: 'steps',
    title: 'Steps',
    root: [],
    owns: ['steps'],
    fields: ({ config, languages }) =>
      stepsFields(
        listAt(config, ['caseTypes']).flatMap((caseType, n) =>
          stepChoices(caseType, languages, `${caseTypeName(config, n)}: `),
        ),
        languages,
      ),
    view: stepsView,
    stored: stepsStored,
    summary: (config) => {
      const steps = at(config, ['steps']);
      if (steps === true) return 'In steps, as the product splits them';
      return Array.isArray(steps) ? counted(steps.length, 'step') : 'All on one page';
    },
  },
  {
    page: 'consent',
    title: 'Consent and privacy notice',
    root: ['consent'],
    fields: ({ published, languages }) => consentFields(published, languages),
    stored: consentStored,
    summary: (config) => {
      const statements = listAt(config, ['consent', 'statements']).length;
      return statements > 0 ? counted(statements, 'statement') : 'None';
    },
  },
  {
    page: 'files',
    title: 'Files',
    root: ['files'],
    fields: filesFields,
    summary: (config) =>
      maxFiles(config) === 0 ? 'No files' : `Up to ${counted(maxFiles(config), 'file')}`,
  },
  {
    page: 'confirmation',
    title: 'Confirmation email',
    root: ['confirmation'],
    fields: confirmationFields,
    view: confirmationView,
    stored: confirmationStored,
    summary: (config, { visitorEmail }) =>
      at(config, ['confirmation']) === undefined
        ? 'Not sent'
        : visitorEmail
          ? 'Sent to each visitor'
          : 'Asked for, but not sent: this proxy has no mailer',
    notice: (_config, { visitorEmail }) =>
      visitorEmail ? undefined : mailerNotice('no visitor is sent a confirmation'),
  },
  {
    page: 'drafts',
    title: 'Save and continue later',
    root: ['drafts'],
    fields: draftsFields,
    view: draftsView,
    stored: draftsStored,
    summary: (config, { visitorEmail }) =>
      at(config, ['drafts']) === undefined
        ? 'Not offered'
        : visitorEmail
          ? 'Offered: a link by email'
          : 'Asked for, but not offered: this proxy has no mailer',
    notice: (_config, { visitorEmail }) =>
      visitorEmail ? undefined : mailerNotice('the form offers no saving'),
  },
  {
    page: 'unfinished',
    title: 'Unfinished enquiries',
    root: ['unfinished'],
    fields: unfinishedFields,
    view: unfinishedView,
    stored: unfinishedStored,
    summary: (config, { visitorEmail }) => unfinishedSummary(config, visitorEmail),
    notice: (config, { visitorEmail }) =>
      visitorEmail || at(config, ['unfinished', 'remindAfterHours']) === undefined
        ? undefined
        : mailerNotice('the form offers no reminder'),
  },
  {
    page: 'booking',
    title: 'Booking a call',
    root: ['booking'],
    fields: ({ config }) => formBookingFields(isRecord(at(config, ['routing']))),
    view: formBookingView,
    stored: formBookingStored,
    viewPath: bookingViewPath,
    about: bookingUses,
    summary: (config) => {
      const booking = at(config, ['booking']);
      if (!isRecord(booking)) return 'No calls offered';
      const minutes =
        typeof booking.minutes === 'number' ? `${String(booking.minutes)}-minute ` : '';
      return `${minutes}calls, in ${shownAt(booking, ['timeZone']) || 'no time zone yet'}`;
    },
    // What its meeting asks that this proxy cannot do (a calendar's own meetings).
    notice: (config) => providerNotice(config),
  },
  {
    page: 'routing',
    title: 'Teams and routing',
    root: ['routing'],
    fields: ({ config, languages, surroundings }) =>
      routingFields({ config, languages, webhookUrls: surroundings.webhookUrls }),
    view: routingView,
    stored: routingStored,
    viewPath: routingViewPath,
    summary: (config) => {
      const teams = at(config, ['routing', 'teams']);
      if (!isRecord(teams)) return 'Every lead to the firm as one';
      const rules = listAt(config, ['routing', 'rules']).length;
      return `${counted(Object.keys(teams).length, 'team')}, ${counted(rules, 'rule')}`;
    },
    notice: (config, { teamEmail }) =>
      teamEmail || at(config, ['routing']) === undefined
        ? undefined
        : 'This proxy has no mail server for the firm (SMTP_URL is not set, docs/production.md): leads are given their team and the platform told, but no team is emailed; the proxy’s log says so at each start.',
  },
  {
    page: 'settings',
    title: 'The firm and other settings',
    root: [],
    owns: ['firm', 'thankYouUrl', 'caseTypeRadiosUpTo', 'analytics'],
    fields: ({ config, languages }) => otherFields(config, languages),
    view: otherView,
    stored: otherStored,
    summary: () => 'The firm’s details, the thank-you page, the funnel',
  },
];

/** A settings page's address. */
export const blockUrl = (block: SettingsBlock) => `${FORM_URL}/${block.page}`;

/** The settings page at `/admin/form/<page>` of `config`, when there is one. */
export function settingsPart(
  config: unknown,
  page: string,
  published: Published,
  surroundings = UNKNOWN_SURROUNDINGS,
): StudioPart | undefined {
  const block = SETTINGS_BLOCKS.find((each) => each.page === page);
  if (!block) return undefined;
  const { title, root, owns, view, stored, viewPath } = block;
  const languages = languagesOf(config);
  return {
    url: blockUrl(block),
    title,
    root,
    fields: block.fields({ config, languages, published, surroundings }),
    ...(owns ? { owns } : {}),
    ...(view ? { view } : {}),
    ...(stored ? { stored } : {}),
    ...(viewPath ? { viewPath } : {}),
  };
}

/** Every page of the draft that edits a part of it, from the most nested out. */
export function allParts(config: unknown, published: Published): StudioPart[] {
  const caseTypes = listAt(config, ['caseTypes']);
  return [
    ...caseTypes.flatMap((caseType, c) =>
      listAt(caseType, ['questions']).map((_, q) => questionPart(config, c, q, published)),
    ),
    ...caseTypes.flatMap((_, c) => [stepsPart(config, c), caseTypePart(config, c, published)]),
    ...SETTINGS_BLOCKS.flatMap((block) => settingsPart(config, block.page, published) ?? []),
  ];
}
