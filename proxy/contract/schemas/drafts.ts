/**
 * The configuration's `drafts` block: "Save and continue later" on the form (issue 57,
 * `docs/saved-enquiries.md`). `true` turns it on with the limits below; an object sets them.
 * Saving needs the confirmation mailer (`SMTP_URL`, `CONFIRMATION_FROM`): without it the form
 * offers no save, and the proxy says why at start. Proxy only (zod).
 */
import { z } from 'zod';

/** How many emails (links, or codes) a window allows. */
const allowance = (fallback: number) => z.number().int().min(1).max(1000).default(fallback);

/** The limits of a `drafts` block that sets none, and of an unfinished enquiry's reminder's emails. */
export const DEFAULT_LIMITS = Object.freeze({
  perAddressPerDay: 10,
  perClientPerHour: 10,
  perHour: 100,
});

const limitsSchema = z
  .strictObject({
    /** Per mailbox a day, however its address is spelt: saves, and codes counted apart. */
    perAddressPerDay: allowance(DEFAULT_LIMITS.perAddressPerDay),
    /** Per client (address of the connection) an hour. */
    perClientPerHour: allowance(DEFAULT_LIMITS.perClientPerHour),
    /**
     * Saves for everybody together an hour: a ceiling apart from the confirmations', half of it
     * kept for clients saving for the first time in the hour. Codes are not counted in it.
     */
    perHour: allowance(DEFAULT_LIMITS.perHour),
  })
  .default(DEFAULT_LIMITS);

/** `true`, or `{"limits": {…}}`; read as the latter. */
export const draftsSchema = z
  .union([z.literal(true), z.strictObject({ limits: limitsSchema })])
  .transform((drafts) => (drafts === true ? { limits: { ...DEFAULT_LIMITS } } : drafts));

/** A parsed `drafts` block. */
export type DraftsConfig = z.output<typeof draftsSchema>;
