/**
 * One address looping PATCHes at the end of its complete uploads is paced, and nobody else is
 * (issue 55: another visitor's enquiry took 6.8 times its time beside such a loop): past a burst,
 * its PATCHes wait their turn while another address's are answered at once, one whose turn is
 * too far is refused 429 with Retry-After, and the looping address's new upload still goes
 * through whole. The pace here is faster than the proxy's (`IDLE_PACE`), so the test is quick;
 * what is asserted is the order answers come in, not how long they took.
 */
import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../test/fixtures/proxy-harness.ts';
import { picture } from '../../test/fixtures/sample-pictures.ts';
import { decodeUploadCheck, tusClient } from '../../test/fixtures/tus-requests.ts';
import type { IdlePace } from './idle-pace.ts';

const setUp = harnessPerTest();
const png = picture('png');
const PACE: IdlePace = { burst: 3, intervalMs: 300, maxWaitMs: 1000 };
const LOOPING = { 'x-test-ip': '198.51.100.7' };
const OTHER = { 'x-test-ip': '203.0.113.9' };

describe('PATCHes at the end of a complete upload', () => {
  it('from a looping address wait their turn, while another address’s are answered at once', async () => {
    const h = setUp({ deps: { idlePace: PACE } });
    const tus = tusClient(h);
    const mine = await tus.upload(png, { filename: 'loop.png', headers: LOOPING });
    const theirs = await tus.upload(png, { filename: 'theirs.png', headers: OTHER });
    const end = png.byteLength;
    const empty = new Uint8Array(0);
    const answered: string[] = [];
    const patch = async (id: string, headers: Record<string, string>, name: string) => {
      const answer = await tus.patch(id, end, empty, headers);
      answered.push(name);
      return answer;
    };
    // The burst is answered as any PATCH is, with the verdict kept.
    for (let n = 0; n < PACE.burst; n++) {
      const again = await patch(mine.id, LOOPING, `burst ${String(n)}`);
      expect(again.status).toBe(204);
      expect(decodeUploadCheck(again.headers.get('upload-check'))).toEqual(mine.check);
    }
    // Past it, the looping address's next waits; the other address, asking after it, goes first.
    const paced = patch(mine.id, LOOPING, 'paced');
    const other = await patch(theirs.id, OTHER, 'other');
    expect(other.status).toBe(204);
    expect(decodeUploadCheck(other.headers.get('upload-check'))).toEqual(theirs.check);
    expect((await paced).status).toBe(204);
    expect(answered.slice(PACE.burst)).toEqual(['other', 'paced']);
    // Two more wait longer still; the next, whose turn is past maxWaitMs, is refused at once.
    const waiting = [patch(mine.id, LOOPING, 'waits'), patch(mine.id, LOOPING, 'waits')];
    const refused = await patch(mine.id, LOOPING, 'refused');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('tus-resumable')).toBe('1.0.0');
    expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual([204, 204]);
    expect(answered.slice(-3)).toEqual(['refused', 'waits', 'waits']);
  });

  it('never slow the same address’s upload of a new file', async () => {
    const h = setUp({ deps: { idlePace: PACE } });
    const tus = tusClient(h);
    const done = await tus.upload(png, { filename: 'loop.png', headers: LOOPING });
    for (let n = 0; n <= PACE.burst + 3; n++)
      await tus.patch(done.id, png.byteLength, new Uint8Array(0), LOOPING);
    const spent = await tus.patch(done.id, png.byteLength, new Uint8Array(0), LOOPING);
    expect(spent.status).toBe(429);
    // A new file from the same address, in pieces: every PATCH brings bytes, none is paced.
    const { id } = await tus.create(png.byteLength, { filename: 'next.png', headers: LOOPING });
    const third = Math.ceil(png.byteLength / 3);
    const answers = [];
    for (let at = 0; at < png.byteLength; at += third)
      answers.push(await tus.patch(id, at, png.subarray(at, at + third), LOOPING));
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204]);
    const last = answers.at(-1);
    expect(decodeUploadCheck(last?.headers.get('upload-check') ?? null)?.status).toBe('accepted');
  });
});
