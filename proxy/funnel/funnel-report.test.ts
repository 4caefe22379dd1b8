/**
 * A funnel report over a period full of cells (a campaign each, as a script inventing campaigns
 * left them before the funnel's bounds): it reads a bounded number of cells, says when the
 * period held more, and never holds up a visitor's request while it reads, on a real socket.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { fillFunnelCells } from '../test/fixtures/funnel-cells.ts';
import { harnessPerTest, ORIGIN } from '../test/fixtures/proxy-harness.ts';
import { MAX_REPORT_CELLS, type FunnelResponse } from './funnel-report.ts';

const setUp = harnessPerTest();
const ADMIN_TOKEN = randomBytes(32).toString('base64url');
const DAY = '2027-03-27';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
const opened: { dir: string; store: OutboxStore }[] = [];

afterEach(async () => {
  for (const { dir, store } of opened.splice(0)) {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** An outbox file holding `cells` cells of DAY, every hundredth with 20 starts, the rest 1. */
function outboxWithCells(cells: number): OutboxStore {
  const dir = mkdtempSync(join(tmpdir(), 'funnel-cells-'));
  const path = join(dir, 'outbox.sqlite');
  fillFunnelCells(path, {
    cells,
    day: DAY,
    starts: (n) => (n % 100 === 0 ? 20 : 1),
    errorsEvery: 100,
  });
  const store = openSqliteOutbox(path);
  opened.push({ dir, store });
  return store;
}

describe('GET /admin/funnel over a period full of cells', () => {
  it('answers a visitor’s request that arrives while it reads the cells', async () => {
    const store = outboxWithCells(MAX_REPORT_CELLS);
    let reading!: () => void;
    const started = new Promise<void>((resolve) => {
      reading = resolve;
    });
    const watched: OutboxStore = {
      ...store,
      funnelCells: (...args) => {
        reading();
        return store.funnelCells(...args);
      },
    };
    const h = setUp({ deps: { store: watched, adminToken: ADMIN_TOKEN, funnelMinCount: 10 } });
    const server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    try {
      const answered: string[] = [];
      // Thirty days: a page holds fewer cells, so the report reads many pages.
      const report = fetch(`${url}/admin/funnel?from=2027-02-26&to=${DAY}`, { headers: auth }).then(
        async (response) => {
          const body = (await response.json()) as FunnelResponse;
          answered.push('report');
          return body;
        },
      );
      // The visitor asks once the report has begun to read.
      await started;
      const visitor = fetch(`${url}/api/form`, { headers: { origin: ORIGIN } }).then(
        async (response) => {
          await response.arrayBuffer();
          answered.push('visitor');
          return response.status;
        },
      );
      const [funnel, status] = await Promise.all([report, visitor]);
      expect(status).toBe(200);
      expect(funnel.rows).toHaveLength(MAX_REPORT_CELLS / 100 + 1);
      expect(answered).toEqual(['visitor', 'report']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 60_000);

  it(`reads ${String(MAX_REPORT_CELLS)} cells at most, and says the period held more`, async () => {
    const store = outboxWithCells(MAX_REPORT_CELLS + 100);
    const h = setUp({ deps: { store, adminToken: ADMIN_TOKEN, funnelMinCount: 10 } });
    const answer = await h.app.request(`/admin/funnel?from=${DAY}&to=${DAY}`, { headers: auth });
    const funnel = (await answer.json()) as FunnelResponse;
    expect(funnel.truncated).toBe(true);
    const named = funnel.rows.filter((row) => row.campaign !== 'other');
    // The cells with 20 starts among the first MAX_REPORT_CELLS, in the order of their keys.
    expect(named).toHaveLength(MAX_REPORT_CELLS / 100);
    expect(named.at(-1)?.campaign).toBe(
      `campaign-${String(MAX_REPORT_CELLS - 100).padStart(6, '0')}`,
    );
    // Every cell of 1 start read, merged: (MAX - MAX / 100) visitors, each asked five questions.
    const other = funnel.rows.find((row) => row.campaign === 'other');
    expect(other?.starts).toBe(MAX_REPORT_CELLS - MAX_REPORT_CELLS / 100);
    expect(other?.questions.map((q) => q.id)).toEqual([
      'transaction',
      'property_value',
      'lender',
      'completion_date',
      'notes',
    ]);
    const whole = await h.app.request(
      `/admin/funnel?from=${DAY}&to=${DAY}&campaign=campaign-000100`,
      {
        headers: auth,
      },
    );
    expect(((await whole.json()) as FunnelResponse).truncated).toBe(false);
  }, 60_000);
});
