import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../../demo/forms/index.ts';
import { emptyValues } from '../../draft.ts';
import { recordValues } from './record-values.ts';

const config = lawFirm as unknown as Parameters<typeof recordValues>[0];

describe('what an unfinished record holds', () => {
  it('is what the visitor can see now: no answer of another case type, or of a question hidden since', () => {
    const values = {
      ...emptyValues(),
      surname: 'Lovelace',
      email: 'ada@exa',
      case_type: 'conveyancing',
      answers: {
        transaction: 'Selling',
        // Typed while buying, then hidden by Selling; and a family question typed before.
        lender: 'Nationwide',
        matter: 'Divorce or dissolution',
        notes: 'Chain of three',
      },
      consent: { consent_contact: true },
    };
    expect(recordValues(config, values)).toEqual({
      forename: '',
      surname: 'Lovelace',
      email: 'ada@exa',
      telephone_mobile: '',
      case_type: 'conveyancing',
      answers: { transaction: 'Selling', notes: 'Chain of three' },
    });
  });
});
