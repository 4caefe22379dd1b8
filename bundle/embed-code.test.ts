import { describe, expect, it } from 'vitest';
import { callback as callbackForm, lawFirm as lawFirmForm } from '../demo/forms/index.ts';
import { publicConfig } from '../proxy/contract/public-config.ts';
import { lawFirmInSteps } from '../proxy/test/fixtures/steps-config.ts';
import { embedCode, firstRender } from './embed-code.ts';

const lawFirm = publicConfig(lawFirmForm);
const callback = publicConfig(callbackForm);

describe('the embed code with the form drawn in it', () => {
  it('draws every field of the case type, unticked, without Lit’s markers', async () => {
    const drawn = await firstRender(lawFirm, 'conveyancing');
    for (const id of [
      'forename',
      'surname',
      'email',
      'telephone_mobile',
      'answers.transaction',
      'files',
    ])
      expect(drawn).toContain(`id="${id}"`);
    expect(drawn).not.toContain('id="case_type"'); // fixed by the tag
    expect(drawn).not.toMatch(/checked|lit-part|<\?/);
    expect(drawn).toContain('Send enquiry');
  });

  it('draws a form in steps at its first step: the contact fields and Continue, nothing further on', async () => {
    const drawn = await firstRender(publicConfig(lawFirmInSteps), 'conveyancing');
    expect(drawn.replace(/\s+/g, ' ')).toMatch(/Step 1 of 6<\/span> Your details/);
    expect(drawn).toContain('id="forename"');
    expect(drawn).not.toMatch(/id="(answers\.transaction|files|consent\.consent_contact)"/);
    expect(drawn).toContain('Continue');
    expect(drawn).not.toContain('Send enquiry');
  });

  it('offers the case types when the tag fixes none, and fixes the only one there is', async () => {
    expect(await firstRender(lawFirm)).toContain('id="case_type"');
    expect(await firstRender(callback)).not.toContain('id="case_type"');
  });

  it('puts the script, the drawn form and the fallback with its link in the tag, attributes escaped', async () => {
    const code = await embedCode({
      proxy: 'https://forms.example.com/',
      config: lawFirm,
      attributes: { 'case-type': 'conveyancing', campaign: 'spring "27" & <b>' },
    });
    expect(code).toContain(
      '<script type="module" src="https://forms.example.com/enquiry-form.js">',
    );
    expect(code).toContain(
      '<enquiry-form case-type="conveyancing" campaign="spring &quot;27&quot; &amp; &lt;b>"><template shadowrootmode="open"><style>',
    );
    expect(code).toContain('@media (scripting:none){.root{display:none}}');
    expect(code).toContain('<slot></slot></template>');
    expect(code).toContain('<p class="enquiry-form-fallback">');
    expect(code).toContain(
      'href="https://forms.example.com/form?case-type=conveyancing&amp;campaign=spring+%2227%22+%26+%3Cb%3E"',
    );
  });
});
