import { describe, expect, it } from 'vitest';
import type { PublicQuestion } from '#contract';
import { zoneBeside } from './question.ts';

const call = {
  id: 'call',
  label: 'When shall we call you?',
  type: 'appointment',
} as PublicQuestion;

describe('the visitor’s time zone in the enquiry', () => {
  it('goes beside a time chosen, and with nothing else', () => {
    const chosen = { answers: { call: '2026-12-01T10:00:00Z' } };
    zoneBeside(chosen, call, 'America/New_York');
    expect(chosen).toEqual({
      answers: { call: '2026-12-01T10:00:00Z' },
      time_zone: 'America/New_York',
    });
    for (const answers of [{ call: 'Weekday mornings' }, {}] as Record<string, string>[]) {
      const part = { answers };
      zoneBeside(part, call, 'America/New_York');
      expect(part).not.toHaveProperty('time_zone');
    }
  });
});
