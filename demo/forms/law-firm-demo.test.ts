/**
 * `npm start`'s form (`law-firm-demo.json`) is the law firm's example (`law-firm.json`, what the
 * tests build on) with every feature a newcomer tries turned on, and nothing else changed: the
 * two files cannot drift apart.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`./${name}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  > & { caseTypes: { id: string; questions: { type: string }[] }[] };

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
    const withoutCall = rest.caseTypes.map((caseType) => ({
      ...caseType,
      questions: caseType.questions.filter((question) => question.type !== 'appointment'),
    }));
    expect({ ...rest, caseTypes: withoutCall }).toEqual(read('law-firm'));
  });
});
