/**
 * Every bounded field at its documented maximum (`FIELD_MAX_LENGTH`, in UTF-16 code units) and
 * one over, hostile unicode in every free-text field, and file names with paths, bidi
 * overrides and great length. What is taken must reach the platform unchanged but for trimming.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { lawFirm } from '../../../demo/forms/index.ts';
import { FIELD_MAX_LENGTH } from '../../contract/limits.ts';
import { textLength } from '../../contract/text-rules.ts';
import { MAX_FILE_NAME_LENGTH } from '../../intake/file-names.ts';
import { MAX_ENQUIRY_PART_BYTES } from '../../intake/read-multipart.ts';
import { sampleFiles, validEnquiry } from '../fixtures/proxy-harness.ts';
import {
  EDGE_CHARACTERS,
  edgeTextArb,
  LONE_SURROGATE,
  showsNothing,
  type EdgeKind,
} from './arbitraries.ts';
import { expectDelivered, expectRefusal, fuzzHarness } from './invariants.ts';
import { enquiryPart, filePart } from './multipart.ts';
import { fuzz, FUZZ_SUITE } from './settings.ts';

// The law firm's notes set their own maximum; without it a textarea takes the default.
const config = {
  ...lawFirm,
  caseTypes: lawFirm.caseTypes.map((caseType) => ({
    ...caseType,
    questions: caseType.questions.map((q) =>
      q.id === 'notes' ? { ...q, maxLength: undefined } : q,
    ),
  })),
};
const h = fuzzHarness(config);
afterAll(() => h.close());

type Part = Record<string, unknown> & {
  answers: Record<string, unknown>;
  marketing: Record<string, unknown>;
};
const validPart = (): Part => ({ ...validEnquiry(), form_token: h.formToken() }) as Part;
const sendPart = (part: Part) => h.postParts([enquiryPart(JSON.stringify(part))]);

/** Where each bounded field lives, its maximum, and how to read it back from the create body. */
interface Slot {
  field: string;
  max: number;
  put: (part: Part, value: string) => void;
  sent: (upstream: Record<string, unknown>) => unknown;
  /** A value of exactly `length` code units the field's syntax accepts. */
  fill?: (length: number, seed: string) => string;
}
const contact = (field: string, max: number, fill?: Slot['fill']): Slot => ({
  field,
  max,
  put: (part, value) => (part[field] = value),
  sent: (upstream) => upstream[field],
  fill,
});
const marketing = (key: keyof typeof FIELD_MAX_LENGTH): Slot => ({
  field: `marketing.${key}`,
  max: FIELD_MAX_LENGTH[key],
  put: (part, value) => (part.marketing[key] = value),
  sent: (upstream) => upstream[`marketing_${key}`],
});
const metaValue = (id: string) => (upstream: Record<string, unknown>) =>
  (upstream.meta as { id: string; value: string }[]).find((m) => m.id === id)?.value;
const answer = (id: string, max: number, setUp: (part: Part) => void = () => {}): Slot => ({
  field: `answers.${id}`,
  max,
  put: (part, value) => {
    setUp(part);
    part.answers[id] = value;
  },
  sent: metaValue(id),
});

const SLOTS: readonly Slot[] = [
  contact('forename', FIELD_MAX_LENGTH.forename),
  contact('surname', FIELD_MAX_LENGTH.surname),
  contact(
    'email',
    FIELD_MAX_LENGTH.email,
    (n, seed) => `${seed.padEnd(n - 12, 'x').slice(0, n - 12)}@example.com`,
  ),
  contact(
    'telephone_mobile',
    FIELD_MAX_LENGTH.telephone_mobile,
    (n) => `+${'4'.repeat(19)}${' '.repeat(n - 21)}7`,
  ),
  marketing('lead_referer'),
  marketing('campaign'),
  marketing('keywords'),
  marketing('detail'),
  answer('lender', FIELD_MAX_LENGTH.shortAnswer),
  answer('notes', FIELD_MAX_LENGTH.longAnswer),
  answer('deceased_name', 200, (part) => {
    part.case_type = 'wills-probate';
    part.answers = { services: ['Probate (dealing with an estate)'] };
  }),
];

/** A path separator, control, bidi or zero-width character, or one reserved by file systems. */
const UNSAFE_IN_A_NAME =
  // eslint-disable-next-line no-control-regex -- looking for control characters is the point
  /[/\\\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff<>:"|?*]/;

/**
 * Exactly `length` characters as people count them (the rules' `textLength`) of varied text
 * that trimming leaves alone: combining marks and emoji sequences count once.
 */
function textOfLength(length: number, pieces: string[]): string {
  let text = 'x';
  for (const piece of pieces.length ? pieces : ['a']) {
    if (textLength(text + piece) > length - 1) break;
    text += piece;
  }
  // Each "é" (one code point) is one more character, whatever came before it.
  return `${text}${'é'.repeat(Math.max(0, length - 1 - textLength(text)))}x`;
}

describe('field bounds and unicode', FUZZ_SUITE, () => {
  it('takes every field at its maximum and refuses it one character over, or far over', async () => {
    const piecesArb = fc.array(fc.constantFrom(...EDGE_CHARACTERS.harmless), { maxLength: 60 });
    // Past the enquiry part's own limit, the whole part is refused as too large.
    const overArb = fc.oneof(
      fc.constantFrom(0, 1),
      fc.integer({ min: 2, max: 250_000 }),
      fc.constant(MAX_ENQUIRY_PART_BYTES),
    );
    await fuzz(
      fc.asyncProperty(
        fc.constantFrom(...SLOTS),
        overArb,
        piecesArb,
        async (slot, over, pieces) => {
          const length = slot.max + over;
          const value = slot.fill
            ? slot.fill(length, pieces.join('').replace(/[^a-z0-9]/gi, ''))
            : textOfLength(length, pieces);
          expect(textLength(value)).toBe(length);
          const part = validPart();
          slot.put(part, value);
          if (Buffer.byteLength(JSON.stringify(part)) > MAX_ENQUIRY_PART_BYTES) {
            const refusal = await expectRefusal(h, () => sendPart(part));
            expect(refusal).toMatchObject({ status: 413, error: 'too_large' });
          } else if (over > 0) {
            const refusal = await expectRefusal(h, () => sendPart(part));
            expect(refusal.issues).toContainEqual(
              expect.objectContaining({ field: slot.field, code: 'too_long' }),
            );
          } else {
            const { submission } = await expectDelivered(h, await sendPart(part));
            expect(slot.sent(submission.upstream as unknown as Record<string, unknown>)).toBe(
              value,
            );
          }
        },
      ),
      120,
    );
  });

  it('takes hostile unicode in free text as it came (trimmed), and refuses controls and lone surrogates', async () => {
    const free = SLOTS.filter((slot) => !slot.fill && slot.field !== 'answers.deceased_name');
    const kinds: EdgeKind[] = ['harmless', 'lineBreaks', 'controls', 'loneSurrogates'];
    await fuzz(
      fc.asyncProperty(fc.constantFrom(...free), edgeTextArb(kinds, 8), async (slot, value) => {
        const part = validPart();
        slot.put(part, value);
        // What the field rules say, written out: marketing is checked as sent, the rest trimmed.
        const checked = slot.field.startsWith('marketing.') ? value : value.trim();
        const multiline = slot.field === 'answers.notes';
        const forbidden = [
          ...EDGE_CHARACTERS.controls,
          ...(multiline ? [] : EDGE_CHARACTERS.lineBreaks),
        ];
        const required = slot.field === 'forename' || slot.field === 'surname';
        const refused =
          forbidden.some((c) => checked.includes(c)) ||
          LONE_SURROGATE.test(checked) ||
          (required && showsNothing(checked));
        if (refused) {
          const refusal = await expectRefusal(h, () => sendPart(part));
          expect(refusal.issues.map((issue) => issue.field)).toEqual([slot.field]);
        } else {
          const { submission } = await expectDelivered(h, await sendPart(part));
          const sent = slot.sent(submission.upstream);
          // A value that shows nothing is no answer: a question goes unsent, a contact field empty.
          expect(sent ?? '').toBe(
            showsNothing(checked) && !slot.field.startsWith('marketing.') ? '' : value.trim(),
          );
        }
      }),
      250,
    );
  });

  it('names every file plainly, with the extension of what it is, whatever name it came with', async () => {
    const segmentArb = edgeTextArb(['harmless', 'controls', 'loneSurrogates'], 6);
    const nameArb = fc.oneof(
      fc
        .array(segmentArb, { minLength: 1, maxLength: 5 })
        .chain((segments) =>
          fc.constantFrom('/', '\\', '/../', ':').map((sep) => segments.join(sep)),
        ),
      fc
        .tuple(
          segmentArb,
          fc.constantFrom('.pdf', '.PDF', '.exe', '.pdf.exe', '.png', '', '.', ' .pdf '),
        )
        .map((p) => p.join('')),
      fc.string({ unit: 'grapheme', minLength: 90, maxLength: 1000 }),
      fc.constantFrom(
        '\u202Efdp.exe',
        '..',
        '.',
        '...pdf',
        ' ',
        '\u200b.pdf',
        'CON',
        'a\u0000.pdf',
        '%2e%2e%2fetc',
      ),
    );
    // RFC 8187's filename* names its charset: UTF-16 can carry half a surrogate pair.
    const extendedArb = fc
      .tuple(fc.constantFrom('utf-8', 'UTF-16LE', 'iso-8859-1'), nameArb)
      .map(([charset, name]) => {
        const encoded = /^utf-16/i.test(charset)
          ? Buffer.from(name, 'utf16le')
          : Buffer.from(name, charset === 'iso-8859-1' ? 'latin1' : 'utf8');
        const pct = [...encoded].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
        return `Content-Disposition: form-data; name="files"; filename*=${charset}''${pct}`;
      });
    await fuzz(
      fc.asyncProperty(fc.oneof(nameArb, extendedArb), async (name) => {
        const calls = h.calls.length;
        const file = name.startsWith('Content-Disposition: ')
          ? { headers: [name], body: sampleFiles.pdf(50) }
          : filePart(name, sampleFiles.pdf(50));
        const parts = [enquiryPart(JSON.stringify(validPart())), file];
        const { submission } = await expectDelivered(h, await h.postParts(parts));
        const [stored] = submission.files;
        expect(h.calls[calls + 1]?.name).toBe(stored?.name);
        const safe = stored?.name ?? '';
        expect(safe.length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
        expect(safe).toMatch(/^[^\s.].*\.pdf$/is);
        expect(safe).not.toMatch(UNSAFE_IN_A_NAME);
        expect(safe).not.toMatch(LONE_SURROGATE);
      }),
      100,
    );
  });
});
