import { describe, expect, it } from 'vitest';
import { parseFormConfig } from './schemas/form-config.ts';
import { formSteps, isStepped, stepOfField } from './steps.ts';

const property = {
  id: 'property',
  label: 'Property',
  questions: [
    {
      id: 'transaction',
      label: 'Buying or selling?',
      type: 'radio',
      options: ['Buying', 'Selling'],
    },
    {
      id: 'lender',
      label: 'Lender',
      type: 'text',
      showIf: { question: 'transaction', equals: 'Buying' },
    },
    {
      id: 'survey',
      label: 'Survey',
      type: 'text',
      showIf: { question: 'transaction', equals: 'Buying' },
    },
    { id: 'notes', label: 'Notes', type: 'textarea' },
    { id: 'partner', label: 'Partner', type: 'hidden', from: { param: 'partner' } },
  ],
  steps: [
    { title: 'The property', questions: ['transaction', 'lender'] },
    { title: 'The survey', questions: ['survey'] },
  ],
};
const general = {
  id: 'general',
  label: 'General',
  questions: [{ id: 'notes', label: 'Notes', type: 'textarea' }],
};

const keysAndQuestions = (steps: ReturnType<typeof formSteps>) =>
  steps.map((step) => [step.key, step.title ?? '', step.questions.join(' ')].join('|'));

describe('the steps a visitor walks through', () => {
  it('is one page without "steps", and in steps when the form or its fixed case type asks', () => {
    const unstepped = parseFormConfig({ caseTypes: [property, general] });
    expect(isStepped(unstepped, undefined)).toBe(false);
    expect(isStepped(unstepped, 'general')).toBe(false);
    expect(isStepped(unstepped, 'property')).toBe(true);
    expect(isStepped(parseFormConfig({ steps: true, caseTypes: [general] }), undefined)).toBe(true);
  });

  it('splits a case type as its list says, unnamed questions with the case type, a step of hidden questions skipped', () => {
    const config = parseFormConfig({
      caseTypes: [property],
      consent: { statements: [{ id: 'ok', label: 'OK' }] },
    });
    expect(keysAndQuestions(formSteps(config, 'property', { transaction: 'Selling' }))).toEqual([
      'contact||',
      'q0|The property|transaction notes',
      'files||',
      'consent||',
      'check||',
    ]);
    expect(keysAndQuestions(formSteps(config, 'property', { transaction: 'Buying' }))).toEqual([
      'contact||',
      'q0|The property|transaction lender notes',
      'q1|The survey|survey',
      'files||',
      'consent||',
      'check||',
    ]);
  });

  it('asks the case type the visitor chooses in a step of its own, before the steps its list titles', () => {
    const config = parseFormConfig({ steps: true, caseTypes: [property, general] });
    const chosen = formSteps(config, 'property', { transaction: 'Buying' }, true);
    expect(keysAndQuestions(chosen)).toEqual([
      'contact||',
      'q0||notes',
      'q1|The property|transaction lender',
      'q2|The survey|survey',
      'files||',
      'check||',
    ]);
    expect(stepOfField(chosen, 'case_type')).toBe('q0');
    // Fixed by the tag, the case type is not asked: its list's first title is the first step's.
    expect(
      keysAndQuestions(formSteps(config, 'property', { transaction: 'Buying' }, false))[1],
    ).toBe('q0|The property|transaction lender notes');
  });

  it('keeps every question of a case type with it by default, and no files step when none may be sent', () => {
    const config = parseFormConfig({ steps: true, files: { maxFiles: 0 }, caseTypes: [general] });
    expect(keysAndQuestions(formSteps(config, 'general', {}))).toEqual([
      'contact||',
      'q0||notes',
      'check||',
    ]);
  });

  it('finds the step of each field, and sends what no step shows to Check your answers', () => {
    const config = parseFormConfig({ caseTypes: [property] });
    const steps = formSteps(config, 'property', { transaction: 'Buying' });
    expect(
      ['email', 'case_type', 'answers.survey', 'files[1]', 'consent.ok', 'turnstile_token'].map(
        (field) => stepOfField(steps, field),
      ),
    ).toEqual(['contact', 'q0', 'q1', 'files', 'consent', 'check']);
  });
});
