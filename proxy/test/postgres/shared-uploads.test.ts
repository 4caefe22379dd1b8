/**
 * A file sent ahead to three proxies sharing one PostgreSQL outbox, as behind a load balancer
 * that sends each request where it likes: created on one, its pieces PATCHed to each of the
 * three in turn, asked after on another, named by an enquiry sent to the third; the platform
 * gets one intact file.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sampleFiles, ORIGIN } from '../fixtures/proxy-harness.ts';
import { absent, sharedGroup, usePostgres } from './shared-session.ts';

usePostgres();

const b64 = (text: string) => Buffer.from(text).toString('base64');
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(absent)('files sent ahead to several proxies on PostgreSQL', () => {
  it('makes one intact file of pieces sent to three instances, which an enquiry delivers', async () => {
    const { instances, inbox } = await sharedGroup(3);
    const [a, b, c] = instances.map((instance) => instance.proxy.url);
    if (!a || !b || !c) throw new Error('three instances');
    const pdf = sampleFiles.pdf(3 * 1024 * 1024);
    const token = (await instances[0]?.token()) ?? '';
    const tus = { 'tus-resumable': '1.0.0', origin: ORIGIN };
    const created = await fetch(`${a}/api/uploads`, {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(pdf.byteLength),
        'upload-metadata': `filename ${b64('survey.pdf')},filetype ${b64('application/pdf')},form_token ${b64(token)}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    const third = Math.ceil(pdf.byteLength / 3);
    const checks: (string | null)[] = [];
    for (const [i, origin] of [b, c, a].entries()) {
      const answer = await fetch(`${origin}${location}`, {
        method: 'PATCH',
        headers: {
          ...tus,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(i * third),
        },
        body: pdf.subarray(i * third, (i + 1) * third),
      });
      expect(answer.status).toBe(204);
      checks.push(answer.headers.get('upload-check'));
    }
    expect(checks.slice(0, 2)).toEqual([null, null]);
    expect(JSON.parse(decodeURIComponent(checks[2] ?? ''))).toEqual({
      status: 'accepted',
      kind: 'pdf',
    });
    const head = await fetch(`${b}${location}`, { method: 'HEAD', headers: tus });
    expect(head.headers.get('upload-offset')).toBe(String(pdf.byteLength));

    const sent = await instances[2]?.submit({
      token,
      enquiry: { uploads: [location.split('/').pop() ?? ''] },
    });
    expect(sent?.status).toBe(201);
    const [enquiry] = await inbox();
    expect(enquiry?.files.map((file) => [file.name, file.sha256])).toEqual([
      ['survey.pdf', sha(pdf)],
    ]);
  }, 60_000);
});
