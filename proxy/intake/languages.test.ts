/**
 * A form in several languages, as the proxy serves and takes it: the visitor reads the option
 * labels while the values sent never change, and the firm receives its own language.
 */
import { describe, expect, it } from 'vitest';
import { bilingual } from '../../demo/forms/index.ts';
import type { PublicFormConfig } from '../contract/schemas/form-config.ts';
import { inputs } from '../test/fixtures/plain-post.ts';
import { harnessPerTest } from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();

const enquiry = {
  case_type: 'conveyancing',
  answers: { transaction: 'selling', notes: 'Moving in May' },
  consent: { consent_contact: true },
};

describe('a form with translated options', () => {
  it('shows each option’s label on the page without JavaScript, its value in the field', async () => {
    const harness = setUp({ config: bilingual.first });
    const page = await (await harness.app.request('/form?case-type=conveyancing')).text();
    expect(inputs(page, 'answers.transaction', 'selling')).toHaveLength(1);
    expect(page).toMatch(/value="selling"\s*\/>\s*Selling<\/label/);
  });

  it('gives the widget each option as the visitor reads it, a showIf naming it too', async () => {
    const harness = setUp({ config: bilingual.first });
    const config = (await (await harness.app.request('/api/form')).json()) as PublicFormConfig;
    const [transaction] = config.caseTypes[0]?.questions ?? [];
    expect(transaction?.options).toEqual(['Buying', 'Selling']);
    expect(JSON.stringify(config)).not.toContain('optionLabels');
  });

  it.each([
    ['the label the widget showed', 'Selling'],
    ['the value the page without JavaScript sends', 'selling'],
  ])(
    'takes %s as the option and sends the platform its label in the firm’s language',
    async (_, answer) => {
      const harness = setUp({ config: bilingual.first });
      const response = await harness.submit({
        ...enquiry,
        answers: { ...enquiry.answers, transaction: answer },
      });
      expect(response.status).toBe(201);
      const { reference } = (await response.json()) as { reference: string };
      const stored = await harness.store.get(reference);
      expect(stored?.upstream.meta[0]).toEqual({
        id: 'transaction',
        label: 'Are you buying or selling?',
        value: 'Selling',
      });
    },
  );
});
