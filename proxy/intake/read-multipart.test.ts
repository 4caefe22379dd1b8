import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskSpool, tempSpool } from './file-spool.ts';
import { readMultipartSubmission } from './read-multipart.ts';
import { Refusal } from '../http/refusal.ts';

const limits = { maxFiles: 2, maxFileBytes: 1000 };
const TYPE = 'multipart/form-data; boundary=xyz';
const spool = tempSpool();

const request = (contentType: string, boundary: string, enquiry: string | Uint8Array) =>
  new Request('https://proxy.example/api/enquiries', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="enquiry"\r\n\r\n`),
      Buffer.from(enquiry),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });

describe('readMultipartSubmission', () => {
  it('reads a body whose content type is written in capitals, with spaces before the ";"', async () => {
    const received = await readMultipartSubmission(
      request('MULTIPART/FORM-DATA ; BOUNDARY=xyz', 'xyz', '{"forename":"Ada"}'),
      limits,
      spool,
    );
    expect(received).toEqual({ enquiryText: '{"forename":"Ada"}', files: [] });
  });

  it('refuses an enquiry part that is not UTF-8 instead of replacing the bytes', async () => {
    const latin1 = Buffer.from('{"forename":"Zo\u00eb"}', 'latin1');
    const refused = await readMultipartSubmission(
      request(TYPE, 'xyz', latin1),
      limits,
      spool,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).body).toMatchObject({
      error: 'validation',
      issues: [{ field: 'enquiry', code: 'invalid_type' }],
    });
  });

  it('drops a byte order mark before the JSON', async () => {
    const received = await readMultipartSubmission(request(TYPE, 'xyz', '\ufeff{}'), limits, spool);
    expect(received).toMatchObject({ enquiryText: '{}' });
  });
});

describe('readMultipartSubmission: file parts', () => {
  const withFile = (filename: Uint8Array, bytes: number) =>
    new Request('https://proxy.example/api/enquiries', {
      method: 'POST',
      headers: { 'content-type': TYPE },
      body: Buffer.concat([
        Buffer.from('--xyz\r\nContent-Disposition: form-data; name="enquiry"\r\n\r\n{}\r\n'),
        Buffer.from('--xyz\r\nContent-Disposition: form-data; name="files"; filename="'),
        filename,
        Buffer.from('"\r\nContent-Type: application/pdf\r\n\r\n'),
        Buffer.alloc(bytes, 0x25),
        Buffer.from('\r\n--xyz--\r\n'),
      ]),
    });

  it('names an oversized file by its own name', async () => {
    const refused = await readMultipartSubmission(
      withFile(Buffer.from('survey.pdf'), 1001),
      limits,
      spool,
    ).catch((error: unknown) => error);
    expect((refused as Refusal).status).toBe(413);
    expect((refused as Refusal).body).toMatchObject({
      issues: [{ field: 'files[0]', code: 'file_too_big', params: { name: 'survey.pdf' } }],
    });
    expect((refused as Refusal).message).toContain('“survey.pdf” is larger than');
  });

  it('refuses a file name that is not UTF-8, saying so', async () => {
    const latin1 = Buffer.from('r\u00e9sum\u00e9.pdf', 'latin1');
    const refused = await readMultipartSubmission(withFile(latin1, 10), limits, spool).catch(
      (error: unknown) => error,
    );
    expect((refused as Refusal).status).toBe(400);
    expect((refused as Refusal).body).toMatchObject({
      issues: [{ field: 'files[0]', code: 'invalid_characters', messageKey: 'file.name_not_utf8' }],
    });
    const utf8 = await readMultipartSubmission(
      withFile(Buffer.from('résumé.pdf'), 10),
      limits,
      spool,
    );
    expect(utf8.files[0]?.name).toBe('résumé.pdf');
  });

  it('writes each file to disk as it arrives, and leaves none there when one is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'read-multipart-'));
    const onDisk = diskSpool(dir);
    const received = await readMultipartSubmission(
      withFile(Buffer.from('a.pdf'), 1000),
      limits,
      onDisk,
    );
    expect(readFileSync(received.files[0]?.content.path ?? '')).toEqual(Buffer.alloc(1000, 0x25));
    await onDisk.discard(received.files.map((file) => file.content));

    const twoFiles = new Request('https://proxy.example/api/enquiries', {
      method: 'POST',
      headers: { 'content-type': TYPE },
      body: Buffer.concat([
        Buffer.from(
          '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n',
        ),
        Buffer.alloc(500, 0x25),
        Buffer.from(
          '\r\n--xyz\r\nContent-Disposition: form-data; name="files"; filename="b.pdf"\r\n\r\n',
        ),
        Buffer.alloc(1001, 0x25),
        Buffer.from('\r\n--xyz--\r\n'),
      ]),
    });
    const refused = await readMultipartSubmission(twoFiles, limits, onDisk).catch(
      (e: unknown) => e,
    );
    expect((refused as Refusal).body).toMatchObject({
      issues: [{ field: 'files[1]', code: 'file_too_big', params: { name: 'b.pdf' } }],
    });
    expect(readdirSync(dir)).toEqual([]);
  });
});
