/**
 * What follows a booked call in the configuration (issue 88): `reminders` (a day and an hour
 * before by default, minutes too, none with `[]`), `hostReminders` (off by default) and
 * `meeting` (a link with `{room}`, or a provider), the form's and a team's, each problem named at
 * its JSON path when the proxy starts or the studio publishes.
 */
import { describe, expect, it } from 'vitest';
import {
  lawFirmBookingFile,
  lawFirmBookingRoutedFile,
} from '../../test/fixtures/booking-config.ts';
import { durationMs } from './after-call.ts';
import { FormConfigError, parseFormConfigs } from './form-config.ts';

/** Every problem the parser names of `booking`'s keys over the law firm's. */
function problemsOf(booking: object): string[] {
  try {
    parseFormConfigs({
      ...lawFirmBookingFile,
      booking: { ...lawFirmBookingFile.booking, ...booking },
    });
  } catch (error) {
    if (error instanceof FormConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('what follows a booked call, in the configuration', () => {
  it('reminds a day and an hour before by default, the host not at all, and reads minutes too', () => {
    const parsed = parseFormConfigs(lawFirmBookingFile).first.booking;
    expect(parsed).toMatchObject({ reminders: ['24h', '1h'], hostReminders: false });
    expect(parsed?.meeting).toBeUndefined();
    expect(durationMs('30m')).toBe(1_800_000);
    expect(durationMs('24h')).toBe(86_400_000);
    expect(durationMs('1d')).toBeUndefined();
    expect(problemsOf({ reminders: [], hostReminders: true })).toEqual([]);
    expect(problemsOf({ reminders: ['48h', '90m'] })).toEqual([]);
  });

  it('names each wrong reminder, and a time named twice', () => {
    expect(problemsOf({ reminders: ['1 hour', '0m', '721h'] })).toEqual([
      'booking.reminders[0]: "1 hour" is not a duration before the call, like "24h" or "30m"',
      'booking.reminders[1]: "0m" must be from 1 minute to 720 hours',
      'booking.reminders[2]: "721h" must be from 1 minute to 720 hours',
    ]);
    expect(problemsOf({ reminders: ['1h', '60m'] })).toEqual([
      'booking.reminders: names the same time twice',
    ]);
  });

  it('takes a meeting link with its room, or a provider, and says what is wrong with any other', () => {
    expect(problemsOf({ meeting: { link: 'https://meet.jit.si/marsh-pell-{room}' } })).toEqual([]);
    expect(problemsOf({ meeting: { provider: 'teams' } })).toEqual([]);
    expect(problemsOf({ meeting: { link: 'https://meet.jit.si/marsh-pell' } })).toEqual([
      'booking.meeting.link: must hold {room}, where each call\'s own room goes, like "https://meet.jit.si/marsh-pell-{room}"',
    ]);
    expect(problemsOf({ meeting: { link: 'http://meet.example/{room}' } })).toEqual([
      'booking.meeting.link: must start with https://',
    ]);
    expect(problemsOf({ meeting: { provider: 'zoom' } })).toEqual([
      'booking.meeting: must be {"link": "https://…{room}"} or {"provider": "teams"} or {"provider": "meet"}',
    ]);
    expect(problemsOf({ meeting: 'https://meet.jit.si/{room}' })[0]).toMatch(
      /^booking\.meeting: must be \{"link": "https:\/\/…\{room\}"\} or/,
    );
  });

  it('lets a team have its own meeting and reminders', () => {
    const file = structuredClone(lawFirmBookingRoutedFile) as {
      routing: { teams: Record<string, { booking?: object }> };
    };
    const [id] = Object.keys(file.routing.teams);
    file.routing.teams[id ?? ''] = {
      ...file.routing.teams[id ?? ''],
      booking: { meeting: { link: 'https://video.firm.example/{room}' }, reminders: ['2h'] },
    };
    const team = parseFormConfigs(file).first.routing?.teams[id ?? ''];
    expect(team?.booking).toMatchObject({ reminders: ['2h'] });
  });
});
