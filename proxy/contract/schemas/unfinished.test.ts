import { describe, expect, it } from 'vitest';
import { FormConfigError, parseFormConfig } from './form-config.ts';

const withUnfinished = (unfinished: unknown) => ({
  caseTypes: [{ id: 'general', label: 'General enquiry' }],
  unfinished,
});

const problemsOf = (unfinished: unknown): string[] => {
  try {
    parseFormConfig(withUnfinished(unfinished));
  } catch (error) {
    if (error instanceof FormConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('the configuration’s "unfinished" block', () => {
  it('keeps records a week when it says nothing, and offers a reminder only when it says when', () => {
    expect(parseFormConfig(withUnfinished({})).unfinished).toEqual({ keepDays: 7 });
    expect(
      parseFormConfig(withUnfinished({ keepDays: 3, remindAfterHours: 1.5 })).unfinished,
    ).toEqual({ keepDays: 3, remindAfterHours: 1.5 });
  });

  it('refuses a keep of less than a day or more than thirty, and a reminder after the record is gone', () => {
    expect(problemsOf({ keepDays: 0 })).toEqual([
      'unfinished.keepDays: Too small: expected number to be >=1',
    ]);
    expect(problemsOf({ keepDays: 31 })[0]).toMatch(/^unfinished\.keepDays: /);
    expect(problemsOf({ keepDays: 1.5 })[0]).toMatch(/^unfinished\.keepDays: /);
    expect(problemsOf({ keepDays: 1, remindAfterHours: 24 })).toEqual([
      'unfinished.remindAfterHours: remindAfterHours must be less than keepDays in hours: the record is gone by then',
    ]);
    expect(problemsOf({ remindAfterHours: 0 })[0]).toMatch(/^unfinished\.remindAfterHours: /);
    expect(problemsOf({ keep: 7 })[0]).toMatch(/^unfinished/);
  });
});
