/**
 * `npm start`'s form (`law-firm-demo.json`) is the law firm's example (`law-firm.json`, what the
 * tests build on) with every feature a newcomer tries turned on, and nothing else changed: the
 * two files cannot drift apart. Its call to book takes the place of the example's question of when
 * to call.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIRMATION_LIMIT_DEFAULTS } from '../../proxy/contract/schemas/confirmation.ts';
import { BOOKING_LIMIT_DEFAULTS } from '../../proxy/contract/schemas/booking-limits.ts';

const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`./${name}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  > & { caseTypes: { id: string; questions: { id: string; type: string }[] }[] };

describe('npm start’s form', () => {
  it('is the law firm’s example with saving, a confirmation, teams and a call to book', () => {
    const { drafts, confirmation, routing, booking, ...rest } = read('law-firm-demo');
    expect(drafts).toBe(true);
    expect(confirmation).toMatchObject({ subject: expect.stringContaining('{reference}') });
    expect(Object.keys((routing as { teams: object }).teams).length).toBeGreaterThan(1);
    expect(booking).toMatchObject({ timeZone: 'Europe/London' });
    const asking = rest.caseTypes.filter((caseType) =>
      caseType.questions.some((question) => question.type === 'appointment'),
    );
    expect(asking.map(({ id }) => id)).toEqual(['wills-probate']);
    // The call takes the place of the example's "When is the best time to call you?": the case
    // type asks once when to call (issue #85, minor 2), and its preferred times say the rest.
    const plain = read('law-firm');
    const withoutCall = rest.caseTypes.map((caseType, c) => ({
      ...caseType,
      questions: caseType.questions.map((question, q) =>
        question.type === 'appointment' ? plain.caseTypes[c]?.questions[q] : question,
      ),
    }));
    expect({ ...rest, caseTypes: withoutCall }).toEqual(plain);
  });

  it('allows one machine the confirmations the README says, more than by default (issue #85, major 2)', () => {
    const { confirmation } = read('law-firm-demo') as { confirmation?: { limits?: Limits } };
    const limits = { ...CONFIRMATION_LIMIT_DEFAULTS, ...confirmation?.limits };
    expect(limits.perClientPerHour).toBeGreaterThan(CONFIRMATION_LIMIT_DEFAULTS.perClientPerHour);
    expect(limits.perAddressPerDay).toBeGreaterThan(CONFIRMATION_LIMIT_DEFAULTS.perAddressPerDay);
    const readme = readFileSync('README.md', 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain(
      `the demo's form allows ${String(limits.perAddressPerDay)} confirmations a mailbox a day and ${String(limits.perClientPerHour)} a machine an hour (${String(CONFIRMATION_LIMIT_DEFAULTS.perAddressPerDay)} and ${String(CONFIRMATION_LIMIT_DEFAULTS.perClientPerHour)} by default)`,
    );
  });

  it('holds one person the calls the README says, more than a mailbox domain gets by default (issue #85, major 2)', () => {
    const { booking } = read('law-firm-demo') as {
      booking?: { limits?: { perDomainPerDay?: number } };
    };
    const day = booking?.limits?.perDomainPerDay ?? BOOKING_LIMIT_DEFAULTS.perDomainPerDay;
    expect(day).toBeGreaterThan(BOOKING_LIMIT_DEFAULTS.perDomainPerDay);
    const readme = readFileSync('README.md', 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain(
      `the demo's form holds ${String(day)} calls a day for one mailbox domain (${String(BOOKING_LIMIT_DEFAULTS.perDomainPerDay)} by default)`,
    );
  });
});

type Limits = Partial<typeof CONFIRMATION_LIMIT_DEFAULTS>;
