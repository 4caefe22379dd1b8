import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../../demo/forms/index.ts';
import { manualBlock } from '../../../demo/readme/manual.ts';
import { lawFirmRouted, lawFirmRoutedFile, ROUTING } from '../../test/fixtures/routing-config.ts';
import { publicConfig } from '../public-config.ts';
import { FormConfigError, parseFormConfigs } from './form-config.ts';

/** Every problem the parser names in `routing` on top of the routed law firm, one a line. */
const problemsWith = (routing: unknown, more: object = {}, webhookUrls?: string[]): string[] => {
  try {
    parseFormConfigs(
      { ...lawFirmRoutedFile, ...more, routing },
      undefined,
      webhookUrls ? { webhookUrls } : {},
    );
  } catch (error) {
    if (error instanceof FormConfigError) return error.problems;
    throw error;
  }
  return [];
};

const withRule = (when: object, team = 'property') =>
  problemsWith({ ...ROUTING, rules: [{ when, team }] });

describe('the routing block of the form configuration', () => {
  it('takes three teams and a rule on an answer, and fills in its defaults', () => {
    expect(lawFirmRouted.routing?.teams['high-value']).toEqual({
      label: 'High-value property',
      people: ['hal@lovelace-law.example'],
      roundRobin: false,
    });
    expect(lawFirmRouted.routing?.includeAnswers).toBe(false);
    expect(lawFirmRouted.routing?.rules).toHaveLength(2);
  });

  it('names the JSON path of a rule on an unknown question, case type or team', () => {
    expect(withRule({ caseType: 'conveyancing', question: 'budget', equals: 'x' })).toEqual([
      'routing.rules[0].when.question: "budget" is not a question of "conveyancing"',
    ]);
    expect(withRule({ question: 'matter' }, 'tax')).toEqual([
      'routing.rules[0].team: "tax" is not a team (high-value, property, private-client)',
    ]);
    expect(withRule({ caseType: 'employment' })).toEqual([
      'routing.rules[0].when.caseType: "employment" is not a case type',
    ]);
    expect(problemsWith({ ...ROUTING, default: 'everyone' })).toEqual([
      'routing.default: "everyone" is not a team (high-value, property, private-client)',
    ]);
  });

  it('refuses a value the question cannot take, naming the value’s place in the list', () => {
    expect(
      withRule({ question: 'property_value', equals: ['Over £1 million', 'Over £2 million'] }),
    ).toEqual([
      'routing.rules[0].when.equals[1]: "Over £2 million" is not an option of "property_value"',
    ]);
    expect(withRule({ question: 'children', equals: '21' })).toEqual([
      'routing.rules[0].when.equals: "21" is outside the range of "children"',
    ]);
    expect(withRule({ question: 'urgent', equals: 'No' })).toEqual([
      'routing.rules[0].when.equals: "No" is not an option of "urgent"',
    ]);
    expect(withRule({ question: 'completion_date', equals: 'soon' })).toEqual([
      'routing.rules[0].when.equals: "soon" is not a date, as the answers to "completion_date"',
    ]);
  });

  it('takes a number range on a number question only, smallest first', () => {
    expect(withRule({ question: 'children', between: [3, 20] })).toEqual([]);
    expect(withRule({ question: 'children', between: [5, 2] })).toEqual([
      'routing.rules[0].when.between: the first number must not be more than the second',
    ]);
    expect(withRule({ question: 'matter', between: [1, 2] })).toEqual([
      'routing.rules[0].when.between: "matter" is a radio question: a range needs a number',
    ]);
    expect(withRule({ question: 'children', equals: '3', between: [1, 2] })).toEqual([
      'routing.rules[0].when.between: a rule reads an answer with "equals" or "between", not both',
    ]);
    expect(withRule({ equals: 'Buying' })).toEqual([
      'routing.rules[0].when.equals: needs a "question" whose answer it compares',
    ]);
  });

  it('refuses a rule on a language the form is not offered in, and a rule on nothing', () => {
    expect(withRule({ language: 'cy' })).toEqual([
      'routing.rules[0].when.language: the form lists no "languages": every visitor reads it in one',
    ]);
    expect(withRule({})).toEqual([
      'routing.rules[0].when: names nothing to match, so every lead would match it: use "default"',
    ]);
  });

  it('refuses a question whose id routing sends upstream as its own meta entry', () => {
    const [first, ...rest] = lawFirmRoutedFile.caseTypes;
    const questions = [
      ...(first?.questions ?? []),
      { id: 'routed_to', label: 'Team', type: 'text' },
      { id: 'Repeat_Of', label: 'Seen before?', type: 'text' },
    ];
    expect(problemsWith(ROUTING, { caseTypes: [{ ...first, questions }, ...rest] })).toEqual([
      'caseTypes[0].questions[5].id: "routed_to" is the meta entry upstream that routing writes',
      'caseTypes[0].questions[6].id: "Repeat_Of" is the meta entry upstream that routing writes ("repeat_of")',
    ]);
  });

  it('checks each team’s people and its webhook against WEBHOOK_ENDPOINTS', () => {
    const team = (extra: object) =>
      problemsWith({ ...ROUTING, teams: { ...ROUTING.teams, property: { label: 'P', ...extra } } });
    expect(team({ people: ['ann@firm.example', 'ANN@firm.example'] })).toEqual([
      'routing.teams.property.people: must not name an address twice',
    ]);
    expect(team({ people: ['ann'] })).toEqual([
      'routing.teams.property.people[0]: must be an email address',
    ]);
    const hooked = {
      ...ROUTING,
      teams: {
        ...ROUTING.teams,
        property: { ...ROUTING.teams.property, webhook: 'https://hooks.example/p' },
      },
    };
    expect(problemsWith(hooked, {}, ['https://hooks.example/p'])).toEqual([]);
    expect(problemsWith(hooked, {}, ['https://hooks.example/all'])).toEqual([
      'routing.teams.property.webhook: https://hooks.example/p is not one of WEBHOOK_ENDPOINTS (https://hooks.example/all)',
    ]);
  });

  it('takes the manual’s example (docs/routing.md) on the law firm’s form', () => {
    const example = JSON.parse(`{${manualBlock('json routing')}}`) as { routing: unknown };
    const webhookUrls = ['https://hooks.lovelace-law.example/property'];
    expect(() =>
      parseFormConfigs({ ...lawFirm, ...example }, undefined, { webhookUrls }),
    ).not.toThrow();
  });

  it('is never served to visitors: GET /api/form leaves the teams and their addresses out', () => {
    const served = JSON.stringify(publicConfig(lawFirmRouted));
    expect(served).not.toContain('routing');
    expect(served).not.toContain('lovelace-law.example');
  });
});
