import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../test/fixtures/proxy-harness.ts';
import { picture } from '../../test/fixtures/sample-pictures.ts';
import { tusClient } from '../../test/fixtures/tus-requests.ts';

const setUp = harnessPerTest();
const png = picture('png');
const notAPdf = new TextEncoder().encode('Dear Sir, this is a letter typed in a text editor.\n');

describe('an enquiry naming its uploads', () => {
  it('is delivered with the uploads’ bytes, and the uploads are gone after', async () => {
    const h = setUp();
    const formToken = h.formToken();
    const { id, check } = await tusClient(h).upload(png, { filename: 'accident.png', formToken });
    expect(check).toEqual({ status: 'accepted', kind: 'png' });
    const response = await h.submit({ form_token: formToken, uploads: [id] });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ files: [{ name: 'accident.png' }] });
    const uploaded = h.calls.filter((call) => call.endpoint === 'upload');
    expect(uploaded.map((call) => [call.name, Buffer.from(call.bytes ?? []).equals(png)])).toEqual([
      ['accident.png', true],
    ]);
    expect((await tusClient(h).head(id)).status).toBe(404);
  });

  it('can name an upload once: a second enquiry naming it is answered 404', async () => {
    const h = setUp();
    const formToken = h.formToken();
    const { id } = await tusClient(h).upload(png, { formToken });
    expect((await h.submit({ form_token: formToken, uploads: [id] })).status).toBe(201);
    const again = await h.submit({ form_token: h.formToken(), uploads: [id] });
    expect(again.status).toBe(404);
  });

  it('cannot name another form session’s upload (404), which stays its owner’s to send', async () => {
    const h = setUp();
    const mine = h.formToken();
    const { id } = await tusClient(h).upload(png, { formToken: mine });
    const theirs = await h.submit({ form_token: h.formToken(), uploads: [id] });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ error: 'not_found' });
    expect(h.calls).toEqual([]);
    expect((await h.submit({ form_token: mine, uploads: [id] })).status).toBe(201);
  });

  it('takes an upload made under a form token that expired, named with its key beside a fresh token', async () => {
    const h = setUp({ deps: { uploadExpiryMs: 48 * 3_600_000 } });
    const old = h.formToken();
    const tus = tusClient(h);
    const { response } = await tus.create(png.byteLength, { formToken: old, body: png });
    const id = response.headers.get('location')?.split('/').pop() ?? '';
    const key = response.headers.get('upload-key') ?? '';
    expect(key).toMatch(/^[\w-]{32}$/);
    h.clock.now += 25 * 3_600_000;
    // The old token is refused as out of date; the widget fetches a fresh one and sends again.
    const refused = await h.submit({ form_token: old, uploads: [id], upload_keys: [key] });
    expect(await refused.json()).toMatchObject({ issues: [{ field: 'form_token' }] });
    const response2 = await h.submit({
      form_token: h.formToken(),
      uploads: [id],
      upload_keys: [key],
    });
    expect(response2.status).toBe(201);
    const uploaded = h.calls.filter((call) => call.endpoint === 'upload');
    expect(uploaded.map((call) => Buffer.from(call.bytes ?? []).equals(png))).toEqual([true]);
    // One use: the key names it no more.
    const again = await h.submit({ form_token: h.formToken(), uploads: [id], upload_keys: [key] });
    expect(again.status).toBe(404);
  });

  it('refuses an upload named with a fresh token and another upload’s key, or none (404)', async () => {
    const h = setUp();
    const tus = tusClient(h);
    const mine = await tus.create(png.byteLength, { body: png });
    const theirs = await tus.create(png.byteLength, { body: png });
    const theirKey = theirs.response.headers.get('upload-key') ?? '';
    for (const upload_keys of [[theirKey], [], ['A'.repeat(32)]]) {
      const response = await h.submit({
        form_token: h.formToken(),
        uploads: [mine.id],
        upload_keys,
      });
      expect(response.status).toBe(404);
    }
    expect(h.calls).toEqual([]);
  });

  it('cannot name an upload that is not complete', async () => {
    const h = setUp();
    const formToken = h.formToken();
    const tus = tusClient(h);
    const { id } = await tus.create(png.byteLength, { formToken });
    await tus.patch(id, 0, png.subarray(0, 10));
    expect((await h.submit({ form_token: formToken, uploads: [id] })).status).toBe(404);
    expect(h.calls).toEqual([]);
  });

  it('says a renamed text file is refused as soon as it arrives, and refuses an enquiry naming it (415)', async () => {
    const h = setUp();
    const formToken = h.formToken();
    const { id, check } = await tusClient(h).upload(notAPdf, {
      filename: 'payslip.pdf',
      formToken,
    });
    expect(check).toMatchObject({
      status: 'refused',
      issue: { code: 'file_kind', params: { name: 'payslip.pdf' } },
    });
    const response = await h.submit({ form_token: formToken, uploads: [id] });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({
      issues: [{ field: 'uploads[0]', code: 'file_kind' }],
    });
    expect(h.calls).toEqual([]);
  });

  it('cannot name an upload past its expiry, which the sweep then removes with its bytes', async () => {
    const h = setUp({ deps: { uploadExpiryMs: 1500 } });
    const formToken = h.formToken();
    const tus = tusClient(h);
    const { id } = await tus.upload(png, { formToken });
    const created = await tus.head(id);
    expect(new Date(created.headers.get('upload-expires') ?? '').getTime()).toBe(
      Math.floor((h.clock.now + 1500) / 1000) * 1000,
    );
    h.clock.now += 1500;
    expect((await tus.head(id)).status).toBe(404);
    expect((await h.submit({ form_token: formToken, uploads: [id] })).status).toBe(404);
    expect(await h.store.removeExpiredUploads(h.clock.now)).toBe(1);
    expect(await h.store.removeExpiredUploads(h.clock.now)).toBe(0);
  });

  it('counts uploads and files of the body together against the form’s limit', async () => {
    const h = setUp();
    const formToken = h.formToken();
    const tus = tusClient(h);
    const ids: string[] = [];
    for (let i = 0; i < h.config.files.maxFiles; i++)
      ids.push((await tus.upload(png, { formToken })).id);
    const response = await h.submit({ form_token: formToken, uploads: ids }, [
      { name: 'one-more.png', bytes: png },
    ]);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ issues: [{ code: 'too_many_files' }] });
    // Given back: the same uploads may be sent without the extra file.
    expect((await h.submit({ form_token: formToken, uploads: ids })).status).toBe(201);
  });
});
