import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { studioConsole } from '../../test/fixtures/studio-console.ts';
import { studioHarnessPerTest } from '../../test/fixtures/studio-harness.ts';
import { at } from './raw-config.ts';

const setUp = studioHarnessPerTest();
const lawFirm = () => JSON.parse(readFileSync('demo/forms/law-firm.json', 'utf8')) as unknown;
const ROUTING = '/admin/form/routing';
// A rule offers every question once by its id, case type after case type: these two's places.
const PROPERTY_VALUE = 1; // "Roughly what is the property worth?", its options in this order
const CHILDREN = 7; // "How many children under 18 are involved?", a number

describe('teams and routing, from the studio', () => {
  it('turns routing on with two teams, a rule on an answer’s options and one on a range, and makes it live', async () => {
    const { studio, as, submit, page } = await studioConsole(setUp, lawFirm());
    const editor = await as('operator');
    expect((await page(editor, '/admin/form')).html).toContain('Every lead to the firm as one');
    await submit(editor, ROUTING, {
      route: 'yes',
      'teams.0.label': 'High-value property',
      'teams.0.people': 'hal@lovelace-law.example',
      'teams.1.label': 'Private client',
      'teams.1.id': 'private-client',
      'teams.1.people': 'pat@lovelace-law.example\nann@lovelace-law.example',
      'teams.1.roundRobin': 'on',
    });
    const saved = at((await studio.draft()).config, ['routing']);
    // Ids proposed from the names where none was typed; the first team the default until chosen.
    expect(saved).toEqual({
      teams: {
        high_value_property: { label: 'High-value property', people: ['hal@lovelace-law.example'] },
        'private-client': {
          label: 'Private client',
          people: ['pat@lovelace-law.example', 'ann@lovelace-law.example'],
          roundRobin: true,
        },
      },
      default: 'high_value_property',
    });
    // The teams saved are offered to the rules now.
    await submit(editor, ROUTING, {
      'rules.0.when.caseType': 'conveyancing',
      'rules.0.when.question': 'property_value',
      [`rules.0.when.equals.${String(PROPERTY_VALUE)}.2`]: 'on',
      [`rules.0.when.equals.${String(PROPERTY_VALUE)}.3`]: 'on',
      'rules.0.team': 'high_value_property',
      'rules.1.when.question': 'children',
      [`rules.1.when.from.${String(CHILDREN)}`]: '3',
      [`rules.1.when.to.${String(CHILDREN)}`]: '20',
      'rules.1.team': 'private-client',
      default: 'private-client',
      includeAnswers: 'on',
    });
    const routing = at((await studio.draft()).config, ['routing']);
    expect(at(routing, ['rules'])).toEqual([
      {
        when: {
          caseType: 'conveyancing',
          question: 'property_value',
          equals: ['£500,000 to £1 million', 'Over £1 million'],
        },
        team: 'high_value_property',
      },
      { when: { question: 'children', between: [3, 20] }, team: 'private-client' },
    ]);
    expect(at(routing, ['default'])).toBe('private-client');
    expect(at(routing, ['includeAnswers'])).toBe(true);
    const { revision } = await studio.draft();
    expect('published' in (await studio.publish(revision, { person: 'ann', client: '' }))).toBe(
      true,
    );
    const html = (await page(editor, ROUTING)).html;
    // Drawn back as saved: the range in its boxes, the rule named by its team.
    expect(html).toMatch(/name="rules\.1\.when\.from\.7"[^>]*value="3"/);
    expect(html).toContain('Rule 2: to “Private client”');
    expect((await page(editor, '/admin/form')).html).toContain('2 teams, 2 rules');
  });

  it('places a problem the file names under a team’s id beside that team’s people, in words', async () => {
    const { as, submit, page } = await studioConsole(setUp, lawFirm());
    const editor = await as('operator');
    await submit(editor, ROUTING, {
      route: 'yes',
      'teams.0.label': 'Family',
      'teams.0.people': 'fay@lovelace-law.example\nnot an address',
    });
    const html = (await page(editor, ROUTING)).html;
    expect(html).toMatch(/id="f-teams-0-people-error">[\s\S]*?must be an email address/);
    expect(html).toContain('<a href="#f-teams-0-people">');
  });

  it('says on the page, where routing is on, that no team is emailed without SMTP_URL', async () => {
    const { as, submit, page } = await studioConsole(setUp, lawFirm());
    const editor = await as('operator');
    await submit(editor, ROUTING, {
      route: 'yes',
      'teams.0.label': 'Family',
      'teams.0.people': 'fay@lovelace-law.example',
    });
    expect((await page(editor, ROUTING)).html).toContain('but no team is emailed');
  });

  it('turns routing off, taking the block out of the file', async () => {
    const config = lawFirm() as Record<string, unknown>;
    config.routing = {
      teams: { family: { label: 'Family', people: ['fay@lovelace-law.example'] } },
      default: 'family',
    };
    const { studio, as, submit } = await studioConsole(setUp, config);
    const editor = await as('operator');
    await submit(editor, ROUTING, { route: 'no' });
    expect(at((await studio.draft()).config, ['routing'])).toBeUndefined();
  });
});
