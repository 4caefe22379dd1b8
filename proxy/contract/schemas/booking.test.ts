import { describe, expect, it } from 'vitest';
import { manualBlock } from '../../../demo/readme/manual.ts';
import {
  BOOKING,
  CALL_QUESTION,
  lawFirmBooking,
  lawFirmBookingFile,
  lawFirmBookingRouted,
  lawFirmBookingRoutedFile,
  ROOMY_LIMITS,
} from '../../test/fixtures/booking-config.ts';
import { lawFirmRoutedFile } from '../../test/fixtures/routing-config.ts';
import { publicConfig } from '../public-config.ts';
import { readHours } from './booking.ts';
import { BOOKING_LIMIT_DEFAULTS } from './booking-limits.ts';
import { FormConfigError, parseFormConfigs } from './form-config.ts';

/** Every problem the parser names, one a line. */
const problemsOf = (input: unknown): string[] => {
  try {
    parseFormConfigs(input);
  } catch (error) {
    if (error instanceof FormConfigError) return error.problems;
    throw error;
  }
  return [];
};

const withBookingBlock = (booking: object) =>
  problemsOf({ ...lawFirmBookingFile, booking: { ...lawFirmBookingFile.booking, ...booking } });

describe('the booking block of the form configuration', () => {
  it('takes hours per weekday and fills in the buffer, notice, horizon, closed days and moves', () => {
    const { people: _people, ...fromFile } = lawFirmBooking.booking ?? { people: [] };
    expect(fromFile).toEqual({
      ...BOOKING,
      bufferMinutes: 0,
      reminders: ['24h', '1h'],
      hostReminders: false,
      limits: { ...ROOMY_LIMITS, freeMailDomains: [] },
      visitorMoves: 2,
    });
    const minimal = {
      timeZone: 'UTC',
      minutes: 15,
      hours: { mon: '09:00-10:00' },
      people: ['a@b.example'],
    };
    const [parsed] = [parseFormConfigs({ ...lawFirmBookingFile, booking: minimal }).first.booking];
    expect(parsed).toMatchObject({
      bufferMinutes: 0,
      noticeHours: 2,
      horizonDays: 14,
      closed: [],
      visitorMoves: 2,
    });
    expect(parsed?.limits).toEqual(BOOKING_LIMIT_DEFAULTS);
    // Moves within reason: a visitor may not move a call about to start (the notice, unless said).
    expect(parsed).not.toHaveProperty('moveNoticeHours');
    expect(withBookingBlock({ visitorMoves: 21, moveNoticeHours: -1 })).toEqual([
      expect.stringContaining('booking.visitorMoves'),
      expect.stringContaining('booking.moveNoticeHours'),
    ]);
  });

  it('takes the manual’s example as it is written', () => {
    const example = JSON.parse(`{${manualBlock('json booking')}}`) as { booking: unknown };
    const { routing: _routing, ...file } = lawFirmBookingFile;
    const config = parseFormConfigs({ ...file, ...example }).first;
    expect(config.booking?.hours).toEqual({ 'mon-fri': '09:00-17:00', sat: ['10:00-12:00'] });
  });

  it('reads ranges of days, lists of days and lists of times, and a day with none as closed', () => {
    const reading = readHours({
      'mon-wed': '09:00-17:00',
      'thu,fri': ['08:00-12:00', '13:00-18:30'],
      sat: [],
    });
    expect(reading.week).toEqual([
      [[540, 1020]],
      [[540, 1020]],
      [[540, 1020]],
      [
        [480, 720],
        [780, 1110],
      ],
      [
        [480, 720],
        [780, 1110],
      ],
      [],
      [],
    ]);
  });

  it('names each problem of the hours at its JSON path, in words', () => {
    expect(
      withBookingBlock({
        hours: {
          'mon-fri': '09:00-17:00',
          fri: '18:00-19:00',
          'sat-sun': ['10:00-09:00'],
          funday: '09:00-10:00',
        },
      }),
    ).toEqual([
      'booking.hours.fri: names fri again',
      'booking.hours.sat-sun[0]: "10:00-09:00" must end after it starts (a day ends at 24:00)',
      'booking.hours.funday: "funday" is not a day or range of days, like "mon", "mon-fri" or "sat,sun"',
    ]);
    expect(withBookingBlock({ hours: { mon: ['09:00-12:00', '11:00-13:00'] } })).toEqual([
      'booking.hours.mon: has ranges that overlap',
    ]);
    expect(withBookingBlock({ hours: { mon: '09:03-12:00' } })).toEqual([
      'booking.hours.mon: "09:03-12:00" must be on the five-minute grid, like 09:00 or 09:05',
    ]);
  });

  it('refuses a zone, slot length, buffer or closed day it cannot read', () => {
    expect(withBookingBlock({ timeZone: 'Europe/Londn' })).toEqual([
      'booking.timeZone: must be an IANA time zone, like "Europe/London"',
    ]);
    expect(withBookingBlock({ minutes: 25, bufferMinutes: 7 })).toEqual([
      'booking.bufferMinutes: must be a multiple of 5',
    ]);
    expect(withBookingBlock({ closed: ['2027-12-24', '2027-02-30'] })).toEqual([
      'booking.closed[1]: must be a real date, like 2026-12-25',
    ]);
    expect(withBookingBlock({ horizonDays: 365 })).toHaveLength(1);
  });

  it('needs booking for an appointment question, and asks one at most per case type', () => {
    const { booking: _booking, ...withoutBooking } = lawFirmBookingFile;
    expect(problemsOf(withoutBooking)).toEqual([
      'caseTypes[0].questions[5].type: an appointment question needs "booking": the hours, time zone and slot length',
      'caseTypes[1].questions[5].type: an appointment question needs "booking": the hours, time zone and slot length',
    ]);
    const twice = structuredClone(lawFirmBookingFile);
    twice.caseTypes[0]?.questions?.push({ ...CALL_QUESTION, id: 'second_call' });
    expect(problemsOf(twice)).toEqual([
      'caseTypes[0].questions[6].type: a case type asks for one appointment at most',
    ]);
  });

  it('knows its hosts: its people without routing, each team’s with it', () => {
    expect(withBookingBlock({ people: undefined })).toEqual([
      'booking.people: names the hosts when there is no "routing": list at least one',
    ]);
    expect(
      problemsOf({
        ...lawFirmBookingRoutedFile,
        booking: { ...lawFirmBookingRoutedFile.booking, people: ['ann@lovelace-law.example'] },
      }),
    ).toEqual([
      'booking.people: with "routing", the hosts are each team\'s people: leave this out',
    ]);
    expect(lawFirmBookingRouted.routing?.teams['high-value']?.booking).toEqual({
      hours: { 'mon-fri': '10:00-12:00' },
      minutes: 60,
    });
  });

  it('refuses a team’s booking without the form’s, and a rule that reads an appointment', () => {
    const routing = structuredClone(lawFirmRoutedFile.routing) as { teams: Record<string, object> };
    routing.teams.property = { ...routing.teams.property, booking: { minutes: 45 } };
    expect(problemsOf({ ...lawFirmRoutedFile, routing })).toEqual([
      'routing.teams.property.booking: overrides "booking", which the form does not have',
    ]);
    const reading = structuredClone(lawFirmBookingRoutedFile.routing) as { rules: object[] };
    reading.rules.unshift({ when: { question: 'call' }, team: 'property' });
    expect(problemsOf({ ...lawFirmBookingRoutedFile, routing: reading })).toEqual([
      'routing.rules[0].when.question: "call" is an appointment: its times depend on the team, so no rule can read it',
    ]);
  });

  it('reads the question’s texts in each of the form’s languages, and names one missing', () => {
    const welsh = structuredClone(lawFirmBookingFile) as unknown as {
      languages: string[];
      caseTypes: { label: unknown; questions: { id: string; label: unknown; hint?: unknown }[] }[];
    };
    welsh.languages = ['en', 'cy'];
    for (const caseType of welsh.caseTypes) {
      caseType.label = { en: String(caseType.label), cy: String(caseType.label) };
      for (const question of caseType.questions) {
        question.label = { en: String(question.label), cy: `${String(question.label)} (cy)` };
        delete question.hint;
      }
    }
    const configs = parseFormConfigs(welsh);
    const call = configs.inLanguage('cy').caseTypes[0]?.questions.find((q) => q.id === 'call');
    expect(call?.label).toBe('When shall we call you? (cy)');
    const call0 = welsh.caseTypes[0]?.questions.find((q) => q.id === 'call');
    if (call0) call0.label = { en: 'When shall we call you?' };
    expect(problemsOf(welsh)).toEqual(['caseTypes[0].questions[5].label: no "cy"']);
  });

  it('refuses a prefill or a length on an appointment question', () => {
    const file = structuredClone(lawFirmBookingFile);
    const call = file.caseTypes[0]?.questions?.[5] as Record<string, unknown>;
    Object.assign(call, { prefill: { param: 'when' }, maxLength: 20 });
    expect(problemsOf(file)).toEqual([
      'caseTypes[0].questions[5].prefill: not allowed for type appointment: a visitor picks a time',
      'caseTypes[0].questions[5].maxLength: not allowed for type appointment: preferred times take 500 characters',
    ]);
  });
});

describe('GET /api/form’s appointment question', () => {
  it('names the questions routing reads, and never the booking block, the rules or the people', () => {
    const served = publicConfig(lawFirmBookingRouted);
    const [conveyancing, family] = served.caseTypes;
    expect(conveyancing?.questions.find((q) => q.id === 'call')?.slotsDependOn).toEqual([
      'property_value',
    ]);
    expect(family?.questions.find((q) => q.id === 'call')?.slotsDependOn).toEqual([]);
    expect(conveyancing?.questions.find((q) => q.id === 'transaction')).not.toHaveProperty(
      'slotsDependOn',
    );
    const json = JSON.stringify(served);
    expect(json).not.toContain('lovelace-law.example');
    expect(json).not.toContain('"booking"');
    expect(json).not.toContain('Europe/London');
  });

  it('says no answer chooses the hosts when the form has no routing', () => {
    const call = publicConfig(lawFirmBooking).caseTypes[0]?.questions.find((q) => q.id === 'call');
    expect(call).toMatchObject({ type: 'appointment', slotsDependOn: [] });
  });
});
