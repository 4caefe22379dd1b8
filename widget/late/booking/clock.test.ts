import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMessage } from '#contract';
import { WELSH } from '../../../proxy/contract/strings/cy.ts';
import { ENGLISH } from '../../../proxy/contract/strings/english.ts';
import { Clock } from './clock.ts';

/** The form's words in `locale`, as the element's translator gives them. */
const words = (locale: string, strings: Record<string, string> = ENGLISH) => ({
  locale,
  text: (key: string, params?: Record<string, string | number>) =>
    formatMessage(strings[key] ?? key, params),
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a clock', () => {
  it('keeps the firm’s opening hour across the change to summer time, and the visitor’s clock theirs', () => {
    vi.stubGlobal('navigator', { languages: ['en-GB'] });
    // London opens at 09:00 on both sides of 28 March 2027: 09:00 GMT, then 09:00 BST.
    const friday = '2027-03-26T09:00:00Z';
    const monday = '2027-03-29T08:00:00Z';
    const london = new Clock(words('en'), 'Europe/London');
    expect([london.time(friday), london.time(monday)]).toEqual(['09:00', '09:00']);
    // New York went to summer time on 14 March: five hours behind London, then four.
    const newYork = new Clock(words('en'), 'America/New_York');
    expect([newYork.time(friday), newYork.time(monday)]).toEqual(['05:00', '04:00']);
  });

  it('writes in the form’s language, as the browser’s region writes it', () => {
    vi.stubGlobal('navigator', { languages: ['en-US', 'cy'] });
    const start = '2026-12-01T10:00:00Z';
    expect(new Clock(words('en'), 'Europe/London').day(start)).toBe('Tuesday, December 1');
    expect(new Clock(words('cy', WELSH), 'Europe/London').day(start)).toBe(
      'Dydd Mawrth, 1 Rhagfyr',
    );
    vi.stubGlobal('navigator', { languages: ['en-GB'] });
    expect(new Clock(words('en'), 'Europe/London').day(start)).toBe('Tuesday 1 December');
    expect(new Clock(words('en'), 'America/New_York').zoneName(start)).toBe('Eastern Time');
  });

  it('names days and months in the form’s words where the browser has none for its language', () => {
    vi.stubGlobal('navigator', { languages: ['cy-GB'] });
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    const clock = new Clock(words('cy', WELSH), 'Asia/Kolkata');
    const start = '2026-12-01T09:00:00Z';
    expect(clock.dayButton(start)).toEqual(['Maw', '1 Rhag']);
    expect(clock.day(start)).toBe('Dydd Mawrth, 1 Rhagfyr');
    expect(clock.time(start)).toBe('14:30');
    expect(clock.slot({ start, end: '2026-12-01T09:30:00Z' })).toBe(
      'Dydd Mawrth, 1 Rhagfyr, 14:30–15:00',
    );
    expect(clock.start(start, true)).toBe('Dydd Mawrth, 1 Rhagfyr 2026, 14:30 (Kolkata)');
    expect(clock.zoneName(start)).toBe('Kolkata');
    // Sunday and Saturday, January and December: the ends of each list.
    expect(clock.day('2027-01-03T09:00:00Z')).toBe('Dydd Sul, 3 Ionawr');
    expect(clock.day('2027-01-02T09:00:00Z')).toBe('Dydd Sadwrn, 2 Ionawr');
  });
});
