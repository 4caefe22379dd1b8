import { describe, expect, it } from 'vitest';
import { harnessPerTest, sampleFiles } from '../../test/fixtures/proxy-harness.ts';
import { picture } from '../../test/fixtures/sample-pictures.ts';
import { decodeUploadCheck, tusClient } from '../../test/fixtures/tus-requests.ts';

const setUp = harnessPerTest();
const png = picture('png');

describe('tus uploads: the protocol', () => {
  it('announces its version, extensions and largest file on OPTIONS', async () => {
    const h = setUp();
    const response = await h.app.request('/api/uploads', { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('tus-version')).toBe('1.0.0');
    expect(response.headers.get('tus-extension')).toBe(
      'creation,creation-with-upload,termination,expiration',
    );
    expect(response.headers.get('tus-max-size')).toBe(String(h.config.files.maxFileBytes));
  });

  it('creates an upload with an unguessable id, then takes its bytes in pieces at their offsets', async () => {
    const h = setUp();
    const tus = tusClient(h);
    const { response, id } = await tus.create(png.byteLength);
    expect(response.status).toBe(201);
    expect(id).toMatch(/^[\w-]{32}$/);
    expect(new Date(response.headers.get('upload-expires') ?? '').getTime()).toBeGreaterThan(
      h.clock.now,
    );
    const half = Math.floor(png.byteLength / 2);
    const first = await tus.patch(id, 0, png.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    expect(first.headers.get('upload-check')).toBeNull();
    const head = await tus.head(id);
    expect([head.status, head.headers.get('upload-offset')]).toEqual([200, String(half)]);
    expect(head.headers.get('upload-length')).toBe(String(png.byteLength));
    expect(head.headers.get('cache-control')).toBe('no-store');
    const last = await tus.patch(id, half, png.subarray(half));
    expect(last.headers.get('upload-offset')).toBe(String(png.byteLength));
    expect(decodeUploadCheck(last.headers.get('upload-check'))).toEqual({
      status: 'accepted',
      kind: 'png',
    });
  });

  it('takes a file in 16 KiB PATCHes, says where it is after any of them, and checks it at the last', async () => {
    const h = setUp();
    const tus = tusClient(h);
    const file = sampleFiles.png(600 * 1024);
    const { id } = await tus.create(file.byteLength);
    const size = 16 * 1024;
    let last: Response | undefined;
    for (let at = 0; at < file.byteLength; at += size) {
      last = await tus.patch(id, at, file.subarray(at, at + size));
      const reached = Math.min(at + size, file.byteLength);
      expect([last.status, last.headers.get('upload-offset')]).toEqual([204, String(reached)]);
      if (at === size)
        expect((await tus.head(id)).headers.get('upload-offset')).toBe(String(reached));
    }
    expect(decodeUploadCheck(last?.headers.get('upload-check') ?? null)).toEqual({
      status: 'accepted',
      kind: 'png',
    });
  });

  it('keeps an upload’s id, which lets anyone holding it go on, out of the request log', async () => {
    const h = setUp();
    const tus = tusClient(h);
    const { id } = await tus.create(png.byteLength);
    expect((await tus.patch(id, 0, png)).status).toBe(204);
    expect((await tus.head(id)).status).toBe(200);
    expect(h.logs.text()).toContain('/api/uploads/');
    expect(h.logs.text()).not.toContain(id);
  });

  it('takes the first bytes with the creation (creation-with-upload)', async () => {
    const h = setUp();
    const { response, id } = await tusClient(h).create(png.byteLength, { body: png });
    expect(response.status).toBe(201);
    expect(response.headers.get('upload-offset')).toBe(String(png.byteLength));
    expect(decodeUploadCheck(response.headers.get('upload-check'))?.status).toBe('accepted');
    expect((await tusClient(h).head(id)).headers.get('upload-offset')).toBe(String(png.byteLength));
  });

  it('refuses a PATCH at another offset (409), of another type (415) or version (412)', async () => {
    const h = setUp();
    const tus = tusClient(h);
    const { id } = await tus.create(png.byteLength);
    expect((await tus.patch(id, 5, png.subarray(5))).status).toBe(409);
    const typed = await tus.patch(id, 0, png, { 'content-type': 'application/octet-stream' });
    expect(typed.status).toBe(415);
    const versioned = await tus.patch(id, 0, png, { 'tus-resumable': '0.2.2' });
    expect([versioned.status, versioned.headers.get('tus-version')]).toEqual([412, '1.0.0']);
    // Every answer, a refusal too, says the protocol's version.
    const head = await tus.head(id);
    for (const answer of [typed, versioned, head])
      expect(answer.headers.get('tus-resumable')).toBe('1.0.0');
    expect((await tus.head(id)).headers.get('upload-offset')).toBe('0');
  });

  it('refuses bytes past the declared length, and keeps none of them', async () => {
    const h = setUp();
    const tus = tusClient(h);
    const { id } = await tus.create(10);
    const response = await tus.patch(id, 0, png.subarray(0, 20));
    expect(response.status).toBe(413);
    expect((await tus.head(id)).headers.get('upload-offset')).toBe('0');
  });

  it('terminates an upload on DELETE: it is gone', async () => {
    const h = setUp();
    const tus = tusClient(h);
    const { id } = await tus.create(png.byteLength);
    expect((await tus.remove(id)).status).toBe(204);
    expect((await tus.head(id)).status).toBe(404);
    expect((await tus.patch(id, 0, png)).status).toBe(404);
  });

  it('has nothing to read: GET of an upload is 404', async () => {
    const h = setUp();
    const { id } = await tusClient(h).upload(png);
    expect((await h.app.request(`/api/uploads/${id}`)).status).toBe(404);
  });
});

describe('tus uploads: who may make one', () => {
  it('refuses an Upload-Length over the form limit with 413 before storing a byte', async () => {
    const h = setUp();
    const { response, id } = await tusClient(h).create(h.config.files.maxFileBytes + 1);
    expect(response.status).toBe(413);
    expect(id).toBe('');
    expect(await h.store.uploadBytesHeldBy('203.0.113.1', h.clock.now)).toBe(0);
  });

  it('needs an allowed Origin (403) and a form token of ours (400)', async () => {
    const h = setUp();
    const tus = tusClient(h);
    const foreign = await tus.create(10, { headers: { origin: 'https://evil.example' } });
    expect(foreign.response.status).toBe(403);
    const tokenless = await tus.create(10, { formToken: null });
    expect(tokenless.response.status).toBe(400);
    const forged = await tus.create(10, { formToken: 'v2.1.abcdefghijkl.forged' });
    expect(forged.response.status).toBe(400);
    expect((await forged.response.json()) as unknown).toMatchObject({
      issues: [{ field: 'form_token', code: 'form_expired' }],
    });
  });

  it('bounds what one client holds in uploads (429)', async () => {
    const h = setUp();
    const tus = tusClient(h);
    const { maxFiles, maxFileBytes } = h.config.files;
    for (let i = 0; i < 2 * maxFiles; i++)
      expect((await tus.create(maxFileBytes)).response.status).toBe(201);
    const over = await tus.create(1);
    expect(over.response.status).toBe(429);
    expect(over.response.headers.get('retry-after')).toBe('600');
  });

  it('is rate limited as submissions are', async () => {
    const h = setUp({ limits: { perClient: 2 } });
    const tus = tusClient(h);
    expect((await tus.create(10)).response.status).toBe(201);
    expect((await tus.create(10)).response.status).toBe(201);
    const third = await tus.create(10);
    expect(third.response.status).toBe(429);
    expect(third.response.headers.get('retry-after')).not.toBeNull();
  });
});
