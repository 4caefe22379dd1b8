/**
 * Whom a team's leads go to is the firm's, not an editor's, to widen (issue 84, finding 4;
 * `studio/firm-addresses.ts`): an editor adding an address outside the firm to a team, or
 * turning on "The team's email quotes what the visitor typed", has the publish refused in words,
 * and the next visitor's details reach nobody new; a colleague at the firm's own domain they may
 * add; an operator may do both.
 */
import { describe, expect, it } from 'vitest';
import { studioConsole } from '../../test/fixtures/studio-console.ts';
import { studioHarnessPerTest } from '../../test/fixtures/studio-harness.ts';
import { lawFirmRoutedFile, TEAM_PEOPLE } from '../../test/fixtures/routing-config.ts';

const setUp = studioHarnessPerTest();
const ROUTING = '/admin/form/routing';
const EVE = 'eve@attacker.example';
const HAL = TEAM_PEOPLE['high-value'][0];
const COLLEAGUE = 'nia@lovelace-law.example';
// Teams are drawn in the file's order: the high-value team first.
const HIGH_VALUE = 'teams.0.people';

/** The routed law firm in the studio, telling its teams of each lead; staff at the firm. */
async function routedStudio() {
  const studio = await studioConsole(setUp, lawFirmRoutedFile, {
    deps: {
      aftercare: {
        receiptSecret: 'team-people-test-receipt-secret',
        emailOn: false,
        noticesOn: true,
        repeatWindowMs: 30 * 86_400_000,
        consoleOrigin: 'https://forms.lovelace-law.example',
      },
    },
  });
  // Someone who reads leads is at the firm's domain: it is one of the firm's own.
  await studio.as('staff', 'sam@lovelace-law.example');
  /** What a visitor's enquiry for the high-value team comes to: whom it is told, and how. */
  const visitorTold = async () => {
    const response = await studio.h.submit({
      answers: { transaction: 'Selling', property_value: 'Over £1 million' },
    });
    const { reference } = (await response.json()) as { reference: string };
    const [notice] = await studio.h.store.notificationsFor(reference);
    const payload = notice?.payload as { to?: unknown } | undefined;
    return { to: payload?.to, said: JSON.stringify(payload) };
  };
  /** `who` publishes the draft as it is now. */
  const publish = async (who: Awaited<ReturnType<typeof studio.as>>) => {
    const { revision } = await studio.studio.draft();
    const response = await studio.post(who, '/admin/form/publish', {
      confirm: 'yes',
      revision: String(revision),
    });
    return { status: response.status, html: await response.text() };
  };
  return { ...studio, visitorTold, publish };
}

describe('a team’s people, from the studio', () => {
  it('refuses an editor eve@attacker.example and quoting answers, in words; eve gets nothing', async () => {
    const { as, submit, page, publish, visitorTold, studio } = await routedStudio();
    const editor = await as('editor');
    await submit(editor, ROUTING, {
      [HIGH_VALUE]: `${HAL}\n${EVE}\n${COLLEAGUE}`,
      includeAnswers: 'on',
    });

    const refused = await publish(editor);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('You cannot make these changes live yet');
    expect(refused.html).toContain(
      `${EVE} is not a person of the console who reads leads, nor at one of the firm’s own domains: only an operator can make leads go to them.`,
    );
    expect(refused.html).toContain(
      'sends every visitor’s details and answers by email: only an operator can turn it on.',
    );
    // A colleague at the firm's own domain is no problem.
    expect(refused.html).not.toContain(`${COLLEAGUE} is not`);
    // Said before the press too, and beside the team's people on the routing page.
    expect((await page(editor, '/admin/form/publish')).html).toContain(`${EVE} is not a person`);
    expect((await page(editor, ROUTING)).html).toMatch(
      /id="f-teams-0-people-error">[\s\S]*?eve@attacker\.example is not a person/,
    );
    expect((await studio.current()).version).toBe(1);

    const told = await visitorTold();
    expect(told.to).toEqual([HAL]);
    for (const typed of [EVE, 'Ada', 'ada@example.com', '07700'])
      expect(told.said).not.toContain(typed);

    // Without eve and the quoting, the editor's colleague goes live.
    await submit(editor, ROUTING, { [HIGH_VALUE]: `${HAL}\n${COLLEAGUE}`, includeAnswers: '' });
    expect((await publish(editor)).status).toBe(303);
    expect((await visitorTold()).to).toEqual([HAL, COLLEAGUE]);
  });

  it('lets an operator add someone outside the firm and quote answers; an editor not bring them back', async () => {
    const { as, submit, post, publish, visitorTold, studio } = await routedStudio();
    const operator = await as('operator', 'olu@lovelace-law.example');
    await submit(operator, ROUTING, { [HIGH_VALUE]: `${HAL}\n${EVE}`, includeAnswers: 'on' });
    expect((await publish(operator)).status).toBe(303);
    const told = await visitorTold();
    expect(told.to).toEqual([HAL, EVE]);
    expect(told.said).toContain('Email: ada@example.com');

    await submit(operator, ROUTING, { [HIGH_VALUE]: HAL, includeAnswers: '' });
    expect((await publish(operator)).status).toBe(303);
    const editor = await as('editor');
    const rollback = await post(editor, '/admin/form/versions/2/rollback', { confirm: 'yes' });
    expect(rollback.status).toBe(400);
    expect(await rollback.text()).toContain(`${EVE} is not a person of the console`);
    expect((await studio.current()).version).toBe(3);
  });
});
