import { describe, expect, it } from 'vitest';
import type { Routing } from '../contract/schemas/routing.ts';
import { lawFirmRouted } from '../test/fixtures/routing-config.ts';
import { chooseTeam, possibleTeams, type LeadFacts } from './choose-team.ts';
import { ruleWords } from './rule-words.ts';

const routing = lawFirmRouted.routing as Routing;

const facts = (more: Partial<LeadFacts> = {}): LeadFacts => ({
  caseType: 'conveyancing',
  campaign: '',
  language: '',
  answers: {},
  numbers: new Set(['children']),
  ...more,
});

const withRules = (rules: Routing['rules']): Routing => ({ ...routing, rules });

describe('choosing a lead’s team', () => {
  it('takes the first rule whose every condition holds, else the default', () => {
    const worth = (value: string) => facts({ answers: { property_value: value } });
    expect(chooseTeam(routing, worth('Over £1 million'))).toEqual({ team: 'high-value', rule: 0 });
    expect(chooseTeam(routing, worth('Under £250,000'))).toEqual({ team: 'property', rule: 1 });
    expect(chooseTeam(routing, facts({ caseType: 'family' }))).toEqual({
      team: 'private-client',
      rule: undefined,
    });
  });

  it('says why in the firm’s words, with the labels of the case type, question and options', () => {
    expect(ruleWords(lawFirmRouted, { team: 'high-value', rule: 0 })).toBe(
      'rule 1: the case type is “Buying or selling a property” and “Roughly what is the property worth?” is one of “£500,000 to £1 million”, “Over £1 million”',
    );
    expect(ruleWords(lawFirmRouted, { team: 'private-client', rule: undefined })).toBe(
      'no rule matched, so the default team',
    );
  });

  it('reads a ticked option of a checkbox question, a number in a range and a campaign in any case', () => {
    const rules = withRules([
      { when: { question: 'services', equals: 'Lasting power of attorney' }, team: 'property' },
      { when: { question: 'children', between: [3, 20] }, team: 'high-value' },
      { when: { campaign: 'Spring-2027' }, team: 'property' },
    ]);
    const chosen = (more: Partial<LeadFacts>) => chooseTeam(rules, facts(more)).team;
    expect(
      chosen({ answers: { services: ['Make or update a will', 'Lasting power of attorney'] } }),
    ).toBe('property');
    expect(chosen({ answers: { children: '3' } })).toBe('high-value');
    expect(chosen({ answers: { children: '2' } })).toBe('private-client');
    expect(chosen({ campaign: ' spring-2027 ' })).toBe('property');
    // An answer left out (a question not shown) matches no rule on it.
    expect(chosen({ answers: {} })).toBe('private-client');
  });

  it('compares a number question’s answer as a number', () => {
    const rules = withRules([{ when: { question: 'children', equals: '3' }, team: 'property' }]);
    expect(chooseTeam(rules, facts({ answers: { children: '3.0' } })).team).toBe('property');
  });

  it('says which teams a lead may go to when some facts are not known', () => {
    // A funnel cell knows its case type and campaign, not how the property question was answered.
    const cell = (caseType: string) =>
      possibleTeams(routing, { ...facts({ caseType }), language: undefined, known: new Set() });
    expect(cell('family')).toEqual(new Set(['private-client']));
    expect(cell('conveyancing')).toEqual(new Set(['high-value', 'property']));
  });
});
