/**
 * A page on an origin the proxy does not allow gets the form's fallback; the operator's log says
 * why, naming the origin and ALLOWED_ORIGINS, once a minute per origin, and a flood of made-up
 * origins costs a few lines a minute.
 */
import { describe, expect, it } from 'vitest';
import { harnessPerTest, ORIGIN } from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const PAGE = 'https://www.example.com';

/** The warnings about refused origins the harness's log holds. */
const refusals = (harness: ReturnType<typeof setUp>) =>
  harness.logs
    .lines()
    .filter((line) => line.level === 'warn' && String(line.msg).startsWith('refused '));

describe('a page on an origin not in ALLOWED_ORIGINS', () => {
  it('is refused, and the log names its origin and ALLOWED_ORIGINS', async () => {
    const harness = setUp();
    const answer = await harness.app.request('/api/form', { headers: { origin: PAGE } });
    expect(answer.status).toBe(403);
    expect(refusals(harness)).toEqual([
      expect.objectContaining({
        origin: PAGE,
        allowedOrigins: [ORIGIN],
        msg: `refused a page on ${PAGE}: its origin is not in ALLOWED_ORIGINS (${ORIGIN}); add it there for the form to work on its pages`,
      }),
    ]);
  });

  it('is named once a minute, whichever route refused it', async () => {
    const harness = setUp();
    const fromPage = { headers: { origin: PAGE } };
    await harness.app.request('/api/form', fromPage);
    await harness.app.request('/api/form-token', fromPage);
    expect((await harness.submit({}, [], { origin: PAGE })).status).toBe(403);
    expect(refusals(harness)).toHaveLength(1);
    harness.clock.now += 59_000;
    await harness.app.request('/api/form', fromPage);
    expect(refusals(harness)).toHaveLength(1);
    harness.clock.now += 2_000;
    await harness.app.request('/api/form', fromPage);
    expect(refusals(harness)).toHaveLength(2);
  });

  it('is not logged when it is allowed', async () => {
    const harness = setUp();
    expect((await harness.app.request('/api/form', { headers: { origin: ORIGIN } })).status).toBe(
      200,
    );
    expect(refusals(harness)).toEqual([]);
  });

  it('names a POST without an Origin header as such', async () => {
    const harness = setUp();
    await harness.submit({}, [], { origin: '' });
    expect(refusals(harness).map((line) => line.msg)).toEqual([
      `refused a request without an Origin header: browsers send one; a server posting enquiries must name one of ALLOWED_ORIGINS (${ORIGIN})`,
    ]);
  });
});

describe('a flood of made-up origins', () => {
  it('names ten a minute, then says how many more there were, each origin cut short', async () => {
    const harness = setUp();
    const long = 'x'.repeat(8_000);
    for (let minute = 0; minute < 3; minute += 1) {
      for (let n = 0; n < 500; n += 1)
        await harness.app.request('/api/form', {
          headers: { origin: `https://${String(minute)}-${String(n)}.${long}.example` },
        });
      harness.clock.now += 60_000;
    }
    const lines = refusals(harness);
    // Ten named each minute, and from the second minute one line for the rest of the last.
    expect(lines).toHaveLength(3 * 10 + 2);
    expect(lines.filter((line) => line.unnamed === 490)).toHaveLength(2);
    for (const line of lines.filter((each) => each.origin !== undefined))
      expect(String(line.origin).length).toBeLessThanOrEqual(300);
  });
});
