/**
 * What a visitor does on the firm's Welsh page (`e2e/welsh.spec.ts`): the page (the README's
 * embed code with its Welsh fallback, on a page of the firm's own), the stack that serves it,
 * the files they pick, the answers they give, and what the platform must receive.
 */
import type { Locator, Page } from '@playwright/test';
import { manualBlock } from '../../demo/readme/manual.ts';
import type { FormConfigFile } from '../../proxy/contract/schemas/form-config.ts';
import { WELSH } from '../../proxy/contract/strings/cy.ts';
import { embedPage, openOwnPage } from './own-page.ts';
import { expect, openStack, type InboxEnquiry } from './stack.ts';
import type { FixtureFile } from './visitor.ts';

/** The firm's Welsh page: the README's embed code, its fallback the README's Welsh one. */
const WELSH_PAGE = {
  lang: 'cy',
  title: 'Symud tŷ – Lovelace a’i Bartneriaid',
  heading: 'Symud tŷ?',
  fallback: manualBlock('html fallback-cy'),
};

/** A stack serving `config` to a Welsh page of the firm's own (at `/`), which it allows. */
export async function welshStack(
  name: `${string}-spec`,
  config: unknown,
  proxyEnv: Record<string, string> = {},
) {
  const own = await openOwnPage();
  const stack = await openStack(name, {
    config: config as FormConfigFile,
    proxyEnv: { ALLOWED_ORIGINS: own.origin, ...proxyEnv },
  });
  own.show(embedPage(stack.demo.proxyUrl, WELSH_PAGE));
  // The same page in English, to show the check finds English where there is some.
  own.show(
    embedPage(stack.demo.proxyUrl, { lang: 'en', title: 'Moving', heading: 'Moving?' }),
    '/en',
  );
  return {
    stack,
    open: async (page: Page, path = '/') => {
      await page.goto(`${own.origin}${path}`);
      return page.locator('enquiry-form');
    },
    close: async () => {
      await stack.demo.close();
      await own.close();
    },
  };
}
export type WelshStack = Awaited<ReturnType<typeof welshStack>>;

/** A scanned letter: a small PDF. */
export const letter: FixtureFile = {
  name: 'llythyr.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x20)]),
};
/** Notes typed in a text editor, renamed to look like a PDF: 1.4 KB, above a size the widget still writes in English (welsh.spec.ts's fixme). */
export const renamedText: FixtureFile = {
  name: 'nodiadau.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('Annwyl Syr,\ndyma fy nodiadau am y pryniant.\n'.repeat(32)),
};

export async function chooseFiles(page: Page, form: Locator, ...files: FixtureFile[]) {
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: WELSH.chooseFiles }).click();
  await (await chooser).setFiles(files);
}

export const send = (form: Locator) => form.getByRole('button', { name: WELSH.submit }).click();
export const NOTES = 'Oes unrhyw beth arall y dylem ei wybod?';
export const CONSENT = /^Rwy’n cytuno/;

export async function fillContact(form: Locator, telephone: string) {
  await form.getByLabel(WELSH.forename).fill('Gwenllian');
  await form.getByLabel(WELSH.surname).fill('Jones');
  await form.getByLabel(WELSH.email).fill('gwen@example.com');
  await form.getByLabel(WELSH.telephone_mobile).fill(telephone);
}

/** The platform got the firm's English labels, the visitor's language and the Welsh consent. */
export function expectFirmReadsEnglish(enquiry: InboxEnquiry | undefined) {
  expect(enquiry).toMatchObject({ forename: 'Gwenllian', case_type: 'conveyancing' });
  const meta = enquiry?.meta ?? [];
  expect(meta).toContainEqual(
    expect.objectContaining({ label: 'Are you buying or selling?', value: 'Selling' }),
  );
  expect(meta).toContainEqual(
    expect.objectContaining({ label: 'Anything else we should know?', value: 'Symud ym mis Mai' }),
  );
  expect(meta).toContainEqual(expect.objectContaining({ id: 'visitor_language', value: 'cy' }));
  const consent = meta.find((entry) => entry.id === 'consent_contact');
  expect(consent?.label).toMatch(/^I agree that the firm may contact me/);
  expect(consent?.value).toContain('Rwy’n cytuno y caiff y cwmni gysylltu â mi');
}
