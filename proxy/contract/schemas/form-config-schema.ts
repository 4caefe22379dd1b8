/**
 * The form configuration's schema (`FORM_CONFIG`): what each block may hold and the rules across
 * blocks (routing, booking, steps). `form-config.ts` reads a configuration with it in each language
 * and names its types.
 */
import { isSupportedCountry } from 'libphonenumber-js/max';
import { z } from 'zod';
import { CONFIGURABLE_CONTACT_FIELDS, type ContactField } from '../fields.ts';
import {
  ACCEPTED_KINDS,
  DEFAULT_FILE_LIMITS,
  FILE_LIMIT_CEILINGS,
  type AcceptedKind,
} from '../limits.ts';
import { flagRepeatedIds, id, languageTag, readerKey, webUrl } from './common.ts';
import { confirmationSchema } from './confirmation.ts';
import { draftsSchema } from './drafts.ts';
import { unfinishedSchema } from './unfinished.ts';
import { consentSchema, firmSchema } from './consent.ts';
import { bookingSchema, checkBooking } from './booking.ts';
import { caseTypeSchema } from './question.ts';
import { checkRouting, routingSchema } from './routing.ts';
import { checkStepList, stepsSchema } from './steps.ts';

/** What a configuration may ask of a contact field. */
export const contactRequirement = z.enum(['required', 'optional', 'hidden']);

/** What a configuration asks of each contact field when it says nothing. */
const DEFAULT_CONTACT = Object.freeze({
  surname: 'required',
  email: 'required',
  telephone_mobile: 'optional',
} as const satisfies Record<ContactField, z.output<typeof contactRequirement>>);

const contactShape = Object.fromEntries(
  CONFIGURABLE_CONTACT_FIELDS.map((field) => [
    field,
    contactRequirement.default(DEFAULT_CONTACT[field]),
  ]),
) as Record<ContactField, z.ZodDefault<typeof contactRequirement>>;

/** The languages a form is offered in, the firm's first. */
export const languagesSchema = z
  .array(languageTag)
  .min(1)
  .max(20)
  .refine((list) => new Set(list).size === list.length, 'must not repeat a language');

/** The meta entry naming the language a visitor read a form in several languages in. */
export const VISITOR_LANGUAGE_ID = 'visitor_language';

/** The whole configuration file. */
export const formConfigSchema = z
  .strictObject({
    /**
     * The languages the form is offered in, the firm's first (`./languages.ts`): each text is
     * then a string or `{"<language>": "…"}` with every one of them.
     */
    languages: languagesSchema.optional(),
    /**
     * A strings file for each listed language the product does not ship, by its tag
     * (`./strings-file.ts`): read at start from the configuration's folder.
     */
    strings: z.record(languageTag, z.string().min(1).max(500)).optional(),
    contact: z.strictObject(contactShape).default({ ...DEFAULT_CONTACT }),
    files: z
      .strictObject({
        maxFiles: z
          .number()
          .int()
          .min(0)
          .max(FILE_LIMIT_CEILINGS.maxFiles)
          .default(DEFAULT_FILE_LIMITS.maxFiles),
        maxFileBytes: z
          .number()
          .int()
          .min(1)
          .max(FILE_LIMIT_CEILINGS.maxFileBytes)
          .default(DEFAULT_FILE_LIMITS.maxFileBytes),
        /**
         * The kinds visitors may attach. Left out: every kind this proxy can deliver, converted
         * where needed; the proxy narrows a list to the converters it has, and says which
         * `GET /api/form` then lists.
         */
        kinds: z
          .array(z.enum(Object.keys(ACCEPTED_KINDS) as [AcceptedKind, ...AcceptedKind[]]))
          .min(1)
          .optional(),
      })
      .default({ ...DEFAULT_FILE_LIMITS }),
    caseTypes: z.array(caseTypeSchema).min(1).max(50),
    /** Up to this many case types are radios, more a select (`caseTypesAsRadios`); 0: always a select. */
    caseTypeRadiosUpTo: z.number().int().min(0).max(50).optional(),
    consent: consentSchema.optional(),
    firm: firmSchema.optional(),
    /**
     * Telephone numbers checked by the proxy against the country's numbering plan
     * (`intake/phone-numbers.ts`): a number without a country code is read as one of
     * `defaultCountry`'s, and goes upstream as typed or in E.164 (`+447700900982`).
     */
    phone: z
      .strictObject({
        defaultCountry: z
          .string()
          .refine(isSupportedCountry, 'an ISO 3166-1 alpha-2 country code, like "GB"'),
        upstreamFormat: z.enum(['e164', 'as-typed']).default('as-typed'),
      })
      .optional(),
    /** Where the form without JavaScript sends the visitor once the enquiry is taken. */
    thankYouUrl: webUrl.optional(),
    /** The form in steps (`./steps.ts`): `true`, or a list naming questions of any case type. */
    steps: stepsSchema.optional(),
    /** The visitor's copy by email, with a receipt code (`confirmation.ts`). */
    confirmation: confirmationSchema.optional(),
    /** "Save and continue later": a saved enquiry emailed as a link (`drafts.ts`). */
    drafts: draftsSchema.optional(),
    /**
     * Unfinished enquiries, kept only when the visitor ticks the box for it, with one reminder
     * if asked (`unfinished.ts`, `docs/unfinished.md`).
     */
    unfinished: unfinishedSchema.optional(),
    /**
     * The funnel (`docs/funnel.md`): `false` turns it off; `variant` names the hidden question
     * whose value splits the counters (an A/B test's arm, read from the page like any hidden
     * question, so each enquiry carries it too).
     */
    analytics: z.union([z.literal(false), z.strictObject({ variant: id.optional() })]).optional(),
    /** Which team hears of each lead (`./routing.ts`, `docs/routing.md`); never served to visitors. */
    routing: routingSchema.optional(),
    /**
     * When calls may be booked and with whom (`./booking.ts`, `docs/booking.md`), for a question
     * of type `appointment`; never served to visitors.
     */
    booking: bookingSchema.optional(),
  })
  .superRefine((config, ctx) => {
    // A statement's id is a meta entry's id upstream: it must not be a question's too, whatever
    // its case (the platform reads `Notes` as `notes`).
    const questionIds = new Set(
      config.caseTypes.flatMap((c) => c.questions.map((q) => readerKey(q.id))),
    );
    config.consent?.statements.forEach((statement, i) => {
      if (questionIds.has(readerKey(statement.id))) {
        ctx.addIssue({
          code: 'custom',
          path: ['consent', 'statements', i, 'id'],
          message: `"${statement.id}" is also a question's id`,
        });
      }
    });
    // A form in several languages names the visitor's language in a meta entry of its own.
    if (config.languages) {
      config.caseTypes.forEach((caseType, c) => {
        caseType.questions.forEach((question, q) => {
          if (readerKey(question.id) === VISITOR_LANGUAGE_ID)
            ctx.addIssue({
              code: 'custom',
              path: ['caseTypes', c, 'questions', q, 'id'],
              message: `"${VISITOR_LANGUAGE_ID}" is the visitor's language upstream in a form with "languages"`,
            });
        });
      });
    }
    const variant = config.analytics ? config.analytics.variant : undefined;
    const hiddenIds = config.caseTypes.flatMap((c) =>
      c.questions.filter((q) => q.type === 'hidden').map((q) => q.id),
    );
    if (variant !== undefined && !hiddenIds.includes(variant)) {
      ctx.addIssue({
        code: 'custom',
        path: ['analytics', 'variant'],
        message: `"${variant}" is not a hidden question of any case type`,
      });
    }
    flagRepeatedIds(config.caseTypes, 'caseTypes', 'case type', ctx);
    if (Array.isArray(config.steps)) {
      const questions = new Map(config.caseTypes.flatMap((c) => c.questions.map((q) => [q.id, q])));
      checkStepList(config.steps, questions, 'any case type', (path, message) => {
        ctx.addIssue({ code: 'custom', path: ['steps', ...path], message });
      });
    }
    if (config.routing)
      checkRouting(config.routing, config, (path, message) => {
        ctx.addIssue({ code: 'custom', path, message });
      });
    checkBooking(config, (path, message) => {
      ctx.addIssue({ code: 'custom', path, message });
    });
  });
