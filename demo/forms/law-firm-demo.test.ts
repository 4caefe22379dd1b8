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
  >;

describe('npm start’s form', () => {
  it('is the law firm’s example with saving, a confirmation and teams', () => {
    const { drafts, confirmation, routing, ...rest } = read('law-firm-demo');
    expect(drafts).toBe(true);
    expect(confirmation).toMatchObject({ subject: expect.stringContaining('{reference}') });
    expect(Object.keys((routing as { teams: object }).teams).length).toBeGreaterThan(1);
    expect(rest).toEqual(read('law-firm'));
  });
});
