/**
 * The configuration's consent block (a privacy notice and statements to agree to) and the
 * firm's own contact details, shown to visitors when sending fails. Proxy only (zod).
 */
import { z } from 'zod';
import { CONSENT_LINK } from '../consent.ts';
import { flagRepeatedIds, id, text, webUrl } from './common.ts';

const statementSchema = z
  .strictObject({
    /** Stable: the wording may change, the id never does (it is the meta entry's id). */
    id,
    /** The exact words shown beside the box; may hold one `[text](https://…)` link. */
    label: text(1000),
    /** Required statements must be agreed to before an enquiry is taken. */
    required: z.boolean().default(false),
  })
  .superRefine((statement, ctx) => {
    const links = statement.label.match(new RegExp(CONSENT_LINK.source, 'g')) ?? [];
    if (links.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['label'], message: 'may hold one link at most' });
    }
  });

/** A privacy notice link shown above the button, and statements with a box each. */
export const consentSchema = z
  .strictObject({
    privacyNotice: z.strictObject({ text: text(200), url: webUrl }).optional(),
    statements: z.array(statementSchema).max(10).default([]),
  })
  .superRefine((consent, ctx) => {
    flagRepeatedIds(consent.statements, 'statements', 'statement', ctx);
  });

/** How else to reach the firm, shown with every failure. */
export const firmSchema = z.strictObject({
  name: text(200),
  phone: text(50).optional(),
  email: z.email({ error: 'must be an email address' }).max(254).optional(),
});
