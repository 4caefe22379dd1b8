import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { parseFormConfig } from '../contract/schemas/form-config.ts';
import { confirmationsState } from './confirmations-state.ts';

const confirming = parseFormConfig({
  ...lawFirm,
  confirmation: { subject: 'Your enquiry', intro: 'Thank you.', limits: { perAddressPerDay: 3 } },
});
const sending = { SMTP_URL: 'smtp://127.0.0.1:2525', CONFIRMATION_FROM: 'Firm <hi@firm.example>' };

describe('npm run proxy -- --check on confirmation emails', () => {
  it('says they are on, from whom and within which limits, when configuration and environment agree', () => {
    expect(confirmationsState(sending, confirming)).toEqual({
      on: true,
      why: 'Confirmation emails: on, from Firm <hi@firm.example>; at most 3 per mailbox a day, 2 per client an hour and 50 an hour in all',
    });
  });

  it('says they are off, and which variable is missing, when only the configuration asks', () => {
    expect(confirmationsState({ SMTP_URL: sending.SMTP_URL }, confirming)).toEqual({
      on: false,
      why: 'Confirmation emails: off, although the form configuration asks for them (CONFIRMATION_FROM not set)',
    });
    expect(confirmationsState(sending, lawFirm).on).toBe(false);
  });
});
