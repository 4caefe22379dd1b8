/**
 * The funnel end to end in memory: a few thousand form views driven through the widget's own
 * report code (`widget/late/funnel.ts`) along known random paths (conditional questions shown
 * to some, errors met, tabs closed at any point), each report posted to `POST /api/events`, and
 * `GET /admin/funnel` compared with what the simulation knows happened.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { funnelView } from '../../widget/late/funnel.ts';
import type { Values } from '../../widget/draft.ts';
import { harnessPerTest, ORIGIN } from '../test/fixtures/proxy-harness.ts';
import type { FunnelResponse } from './funnel-report.ts';

const setUp = harnessPerTest();
const ADMIN_TOKEN = randomBytes(32).toString('base64url');
const CAMPAIGNS = ['spring-2027', 'summer-2027', 'autumn-2027'];

/** The two case types' questions as the simulation knows them: order, required, shown when. */
const PATHS = {
  conveyancing: [
    { id: 'transaction', required: true, options: ['Buying', 'Selling', 'Both'] },
    { id: 'property_value', required: true, options: ['Under £250,000'] },
    {
      id: 'lender',
      shownIf: (a: Record<string, string>) => ['Buying', 'Both'].includes(a.transaction ?? ''),
    },
    { id: 'completion_date', value: '2027-06-01' },
    { id: 'notes' },
  ],
  family: [
    {
      id: 'matter',
      required: true,
      options: ['Divorce or dissolution', 'Separation', 'Arrangements for children'],
    },
    {
      id: 'marriage_date',
      value: '2001-05-05',
      shownIf: (a: Record<string, string>) => a.matter === 'Divorce or dissolution',
    },
    {
      id: 'children',
      required: true,
      value: '2',
      shownIf: (a: Record<string, string>) => a.matter === 'Arrangements for children',
    },
    { id: 'urgent', options: ['This is urgent'] },
    { id: 'notes' },
  ],
} as const;
type Step = {
  id: string;
  required?: boolean;
  options?: readonly string[];
  value?: string;
  shownIf?: (answers: Record<string, string>) => boolean;
};

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

interface Truth {
  views: number;
  starts: number;
  sends: number;
  questions: Record<
    string,
    { shown: number; answered: number; left: number; errors: Record<string, number> }
  >;
}

describe('the funnel, simulated', () => {
  it('matches what thousands of visitors did, per campaign and per question, where the naive formula does not', async () => {
    const proxy = setUp({ deps: { adminToken: ADMIN_TOKEN, funnelMinCount: 10 } });
    const next = random(33);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const truth = new Map<string, Truth>();
    const VIEWS = 2400;
    for (let n = 0; n < VIEWS; n += 1) {
      const caseType = pick(['conveyancing', 'family'] as const);
      const campaign = pick(CAMPAIGNS);
      const cell = `${caseType}/${campaign}`;
      const t = truth.get(cell) ?? { views: 0, starts: 0, sends: 0, questions: {} };
      truth.set(cell, t);
      const q = (id: string) =>
        (t.questions[id] ??= { shown: 0, answered: 0, left: 0, errors: {} });
      const steps: readonly Step[] = PATHS[caseType];
      const answers: Record<string, string> = {};
      const values = { case_type: caseType, answers } as unknown as Values;
      const view = funnelView();
      const shown = new Set<string>();
      const note = (started: boolean, issues: { field: string; code: string }[] = []) => {
        for (const step of steps) if (!step.shownIf || step.shownIf(answers)) shown.add(step.id);
        view.see(lawFirm, values, started, issues);
      };
      const touched: string[] = [];
      const errored = new Set<string>();
      let started = false;
      let sent = false;
      note(false);
      t.views += 1;
      // The visitor's path: each question in turn, answered or skipped, or the tab closed.
      walk: for (const round of [1, 2]) {
        for (const step of steps) {
          if (step.shownIf && !step.shownIf(answers)) continue;
          if (next() < 0.07) break walk;
          if (answers[step.id] !== undefined) continue;
          if (next() < (step.required ? (round === 1 ? 0.85 : 0.9) : 0.5)) {
            answers[step.id] = step.options ? pick(step.options) : (step.value ?? 'something');
            started = true;
            touched.push(step.id);
            note(true);
          }
        }
        if (next() < 0.1) break;
        // "Send": refused while a required question it shows is unanswered.
        started = true;
        const missing = steps.filter(
          (step) => step.required && (!step.shownIf || step.shownIf(answers)) && !answers[step.id],
        );
        if (missing.length === 0) {
          sent = true;
          break;
        }
        for (const step of missing) {
          if (!errored.has(step.id))
            q(step.id).errors.required = (q(step.id).errors.required ?? 0) + 1;
          errored.add(step.id);
        }
        note(
          true,
          missing.map((step) => ({ field: `answers.${step.id}`, code: 'required' })),
        );
      }
      if (started) t.starts += 1;
      if (sent) t.sends += 1;
      for (const id of shown) q(id).shown += 1;
      for (const id of touched) q(id).answered += 1;
      const furthest = steps
        .map((s) => s.id)
        .filter((id) => touched.includes(id) || errored.has(id))
        .pop();
      if (!sent && furthest) q(furthest).left += 1;
      const response = await proxy.app.request('/api/events', {
        method: 'POST',
        body: JSON.stringify(view.report(campaign, '', sent)),
        headers: {
          origin: ORIGIN,
          'content-type': 'text/plain;charset=UTF-8',
          'x-test-ip': `10.9.${n >> 8}.${n & 255}`,
        },
      });
      expect(response.status, await response.clone().text()).toBe(204);
    }

    const answer = await proxy.app.request('/admin/funnel?from=2027-03-27&to=2027-03-27', {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const funnel = (await answer.json()) as FunnelResponse;
    expect(funnel.rows).toHaveLength(truth.size);
    for (const row of funnel.rows) {
      const t = truth.get(`${row.caseType}/${row.campaign}`);
      expect(t, `${row.caseType}/${row.campaign}`).toBeDefined();
      expect({
        views: row.views,
        starts: row.starts,
        sends: row.sends,
        delivered: row.delivered,
      }).toEqual({
        views: t?.views,
        starts: t?.starts,
        sends: t?.sends,
        delivered: 0,
      });
      const questions = Object.fromEntries(row.questions.map(({ id, ...counts }) => [id, counts]));
      expect(questions).toEqual(t?.questions);
    }

    // Formbricks' formula: the drop-off at a question is the answers to the one before less its
    // own. Where a question is conditional it counts everyone who never saw it as lost there.
    const all = funnel.rows.filter((row) => row.caseType === 'conveyancing');
    const sum = (id: string, key: 'shown' | 'answered' | 'left') =>
      all.reduce((total, row) => total + (row.questions.find((x) => x.id === id)?.[key] ?? 0), 0);
    const naiveLeftAtLender = sum('property_value', 'answered') - sum('lender', 'answered');
    const leftAtLender = [...truth.entries()]
      .filter(([cell]) => cell.startsWith('conveyancing/'))
      .reduce((total, [, t]) => total + (t.questions.lender?.left ?? 0), 0);
    expect(sum('lender', 'left')).toBe(leftAtLender);
    expect(naiveLeftAtLender).toBeGreaterThan(leftAtLender * 3);
    expect(sum('lender', 'shown')).toBeLessThan(sum('transaction', 'shown'));
  }, 120_000);
});
