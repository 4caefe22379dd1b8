import { beforeEach, describe, expect, it } from 'vitest';
import { createEnquiryApi } from './app.ts';
import { NO_FAULTS } from './fault-settings.ts';
import { EnquiryStore } from './store.ts';
import { CREDENTIALS, serviceClient } from './test-fixtures.ts';

let store: EnquiryStore;
let app: ReturnType<typeof createEnquiryApi>;

beforeEach(() => {
  store = new EnquiryStore(':memory:');
  app = createEnquiryApi({ credentials: CREDENTIALS, store, control: true });
});

const putFaults = (body: string | object) =>
  app.request('/__control/faults', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('the control routes', () => {
  it('are absent unless asked for', async () => {
    const plain = createEnquiryApi({ credentials: CREDENTIALS });
    expect((await plain.request('/__control/faults')).status).toBe(404);
  });

  it('show no faults at first', async () => {
    expect(await (await app.request('/__control/faults')).json()).toEqual(NO_FAULTS);
  });

  it('merge new settings and answer the result', async () => {
    await putFaults({ failRate: 0.5 });
    const res = await putFaults({ retryAfterSeconds: 5 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...NO_FAULTS, failRate: 0.5, retryAfterSeconds: 5 });
  });

  it('take effect on the next service request', async () => {
    await putFaults({ failNext: 1, failStatus: 500 });
    const api = serviceClient(app);
    expect([(await api.create()).status, (await api.create()).status]).toEqual([500, 201]);
  });

  it('answer a clear 400 naming a bad setting, and keep the old ones', async () => {
    const res = await putFaults({ failRate: 3 });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      status: expect.stringMatching(/^Invalid fault settings: failRate: /),
      result: false,
    });
    expect(await (await app.request('/__control/faults')).json()).toEqual(NO_FAULTS);
  });

  it('answer 400 for settings that are not JSON', async () => {
    expect((await putFaults('failRate=1')).status).toBe(400);
  });

  it('clear the faults on reset but keep the data', async () => {
    await serviceClient(app).create();
    await putFaults({ failNext: 5 });
    const res = await app.request('/__control/reset', { method: 'POST' });
    expect(await res.json()).toEqual({ faults: NO_FAULTS, dataCleared: false });
    expect(store.listEnquiries()).toHaveLength(1);
  });

  it('clear the data and the stats too on reset with data=1', async () => {
    await serviceClient(app).create();
    const res = await app.request('/__control/reset?data=1', { method: 'POST' });
    expect(await res.json()).toMatchObject({ dataCleared: true });
    expect(store.listEnquiries()).toEqual([]);
    expect(store.stats.createRequests).toBe(0);
  });

  it('count the requests without listing the enquiries', async () => {
    const api = serviceClient(app);
    await putFaults({ failNext: 1, failStatus: 500 });
    await api.create();
    await api.create();
    const res = await app.request('/__control/stats');
    expect(await res.json()).toEqual({
      createRequests: 2,
      uploadRequests: 0,
      created: 1,
      uploaded: 0,
      rejected: 0,
      faulted: 1,
    });
  });
});
