/**
 * The form without JavaScript in a language written right to left (`GET /form?lang=ar`, the
 * demo's Arabic example): the page is laid out right to left, as the widget draws the same form
 * (`dir` in `GET /api/form`), and the English page stays left to right (issue 55).
 */
import { describe, expect, it } from 'vitest';
import { readFormConfigs } from '../../studio/form-file.ts';
import { harnessPerTest } from '../../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const arabic = readFormConfigs(
  new URL('../../../demo/forms/arabic.json', import.meta.url).pathname,
);

describe('the form without JavaScript in Arabic', () => {
  it('is laid out right to left, as the widget is, and the English page left to right', async () => {
    const harness = setUp({ config: arabic.first, translations: arabic });
    const page = await (await harness.app.request('/form?lang=ar')).text();
    const widget = (await (await harness.app.request('/api/form?lang=ar')).json()) as {
      dir?: string;
    };
    expect(widget.dir).toBe('rtl');
    expect(page).toContain('<html lang="ar" dir="rtl">');
    const english = await (await harness.app.request('/form?lang=en')).text();
    expect(english).toContain('<html lang="en" dir="ltr">');
  });
});
