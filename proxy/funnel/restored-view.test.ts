/**
 * A form view that opens with the visitor's answers already in it (restored from the tab after a
 * reload, or from a saved enquiry on another device) is counted like any other: sent without a
 * keystroke, it is a send with every question it holds answered, never a report the proxy refuses.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { emptyValues, type Values } from '../../widget/draft.ts';
import { funnelView } from '../../widget/late/funnel.ts';
import { harnessPerTest, ORIGIN } from '../test/fixtures/proxy-harness.ts';
import type { FunnelResponse } from './funnel-report.ts';

const setUp = harnessPerTest();
const ADMIN_TOKEN = randomBytes(32).toString('base64url');

/** A conveyancing enquiry as a saved draft brings it back: every question it needs answered. */
const restored = (): Values => ({
  ...emptyValues(),
  forename: 'Ada',
  surname: 'Lovelace',
  email: 'ada@example.com',
  case_type: 'conveyancing',
  answers: { transaction: 'Selling', property_value: 'Under £250,000', notes: 'Holloway Road' },
});

async function counted(proxy: ReturnType<typeof setUp>, sent: boolean) {
  const view = funnelView();
  // The form is drawn with the restored answers (each render notes it, nothing typed), then
  // the visitor presses Send, or leaves.
  view.see(lawFirm, restored(), false, []);
  view.see(lawFirm, restored(), false, []);
  const posted = await proxy.app.request('/api/events', {
    method: 'POST',
    body: JSON.stringify(view.report('', '', sent)),
    headers: { origin: ORIGIN, 'content-type': 'text/plain;charset=UTF-8' },
  });
  const answer = await proxy.app.request('/admin/funnel?from=2027-03-27&to=2027-03-27', {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  const { totals, rows } = (await answer.json()) as FunnelResponse;
  return { status: posted.status, refusal: await posted.text(), totals, row: rows[0] };
}

describe('a form view restored with its answers', () => {
  it('sent without a keystroke is counted as a send with its answers, not refused', async () => {
    const proxy = setUp({ deps: { adminToken: ADMIN_TOKEN, funnelMinCount: 1 } });
    const { status, refusal, totals, row } = await counted(proxy, true);
    expect(status, refusal).toBe(204);
    expect(totals).toMatchObject({ views: 1, starts: 1, sends: 1 });
    const answered = row?.questions.filter((q) => q.answered === 1).map((q) => q.id);
    expect(answered).toEqual(['transaction', 'property_value', 'notes']);
  });

  it('left without a keystroke is a view, its answers counted by the view that typed them', async () => {
    const proxy = setUp({ deps: { adminToken: ADMIN_TOKEN, funnelMinCount: 1 } });
    const { status, refusal, totals } = await counted(proxy, false);
    expect(status, refusal).toBe(204);
    expect(totals).toMatchObject({ views: 1, starts: 0, sends: 0 });
  });
});
