/**
 * The test-only control routes, mounted at `/__control` when the stand-in is started with
 * `control: true` (or `ENQUIRY_API_CONTROL=1`): a test process in another language, or a
 * person with curl, changes the faults of a running stand-in without restarting it.
 */
import { Hono } from 'hono';
import { answer, failure, TEXT } from './envelope.ts';
import { FaultSettingsError, parseFaultPatch } from './fault-settings.ts';
import type { EmulatorEnv, FaultInjector } from './faults.ts';
import type { EnquiryStore } from './store.ts';

/**
 * - `GET /faults`: the current settings.
 * - `PUT /faults`: merges a JSON object of settings into them; answers the result, or a 400
 *   envelope naming each bad setting.
 * - `POST /reset`: clears every fault; `?data=1` also clears every enquiry, file and count.
 * - `GET /stats`: the request counts (as `/inbox.json` gives them), without listing every
 *   enquiry: what a waiting test or benchmark asks many times a second.
 */
export function controlRoutes(faults: FaultInjector, store: EnquiryStore): Hono<EmulatorEnv> {
  const control = new Hono<EmulatorEnv>();

  control.get('/faults', (c) => c.json(faults.settings));
  control.get('/stats', (c) => c.json(store.stats));

  control.put('/faults', async (c) => {
    let patch: unknown;
    try {
      patch = JSON.parse(await c.req.text());
    } catch {
      return answer(c, failure(400, TEXT.notJson));
    }
    try {
      return c.json(faults.set(parseFaultPatch(patch)));
    } catch (error) {
      if (error instanceof FaultSettingsError) {
        return answer(c, failure(400, TEXT.badFaults(error.message)));
      }
      throw error;
    }
  });

  control.post('/reset', (c) => {
    faults.reset();
    const dataCleared = c.req.query('data') === '1';
    if (dataCleared) store.clear();
    return c.json({ faults: faults.settings, dataCleared });
  });

  return control;
}
