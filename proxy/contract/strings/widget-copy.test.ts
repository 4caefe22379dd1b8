import { describe, expect, it } from 'vitest';
import { BOOKING_STRINGS as WIDGET_BOOKING_STRINGS } from '../../../widget/late/booking/strings.ts';
import { DRAFT_STRINGS as WIDGET_DRAFT_STRINGS } from '../../../widget/late/drafts/strings.ts';
import { UNFINISHED_STRINGS as WIDGET_UNFINISHED_STRINGS } from '../../../widget/late/unfinished/strings.ts';
import { UPLOAD_STRINGS as WIDGET_UPLOAD_STRINGS } from '../../../widget/late/uploads/strings.ts';
import { BOOKING_STRINGS } from '../booking-strings.ts';
import { DRAFT_STRINGS } from '../draft-strings.ts';
import { UNFINISHED_STRINGS } from '../unfinished-strings.ts';
import { UPLOAD_STRINGS } from '../upload-strings.ts';

describe('the uploads chunk’s words', () => {
  it('are the contract’s, word for word, whichever copy changes', () => {
    expect(WIDGET_UPLOAD_STRINGS).toEqual(UPLOAD_STRINGS);
  });
});

describe('the saved enquiries chunk’s words', () => {
  it('are the contract’s, word for word, whichever copy changes', () => {
    expect(WIDGET_DRAFT_STRINGS).toEqual(DRAFT_STRINGS);
  });
});

describe('the time picker chunk’s words', () => {
  it('are the contract’s, word for word, whichever copy changes', () => {
    expect(WIDGET_BOOKING_STRINGS).toEqual(BOOKING_STRINGS);
  });
});

describe('the unfinished enquiries chunk’s words', () => {
  it('are the contract’s, word for word, whichever copy changes', () => {
    expect(WIDGET_UNFINISHED_STRINGS).toEqual(UNFINISHED_STRINGS);
  });
});
