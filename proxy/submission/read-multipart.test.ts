import { describe, expect, it } from 'vitest';
import { formDataBoundary, readMultipartSubmission } from './read-multipart.ts';
import { SubmissionError } from './submission-error.ts';

const limits = { maxFiles: 2, maxFileBytes: 1000 };
const TYPE = 'multipart/form-data; boundary=xyz';

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

describe('formDataBoundary', () => {
  it('reads the boundary whatever the case of the media type and the parameter name', () => {
    expect(formDataBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(formDataBoundary('Multipart/Form-Data; Boundary=abc')).toBe('abc');
  });

  it('allows whitespace around the semicolons and quotes around the value', () => {
    expect(formDataBoundary('multipart/form-data ; boundary=abc ; charset=utf-8')).toBe('abc');
    expect(formDataBoundary('multipart/form-data;\tboundary="a b:c"')).toBe('a b:c');
  });

  it('is not fooled by "boundary=" inside another parameter', () => {
    const type = 'multipart/form-data; x="y; boundary=decoy"; xboundary=decoy2; boundary=real';
    expect(formDataBoundary(type)).toBe('real');
  });

  it('finds none in another media type or without the parameter', () => {
    expect(formDataBoundary('multipart/mixed; boundary=abc')).toBeUndefined();
    expect(formDataBoundary('multipart/form-data')).toBeUndefined();
    expect(formDataBoundary('multipart/form-data; charset=utf-8')).toBeUndefined();
    expect(formDataBoundary('multipart/form-data; boundary=""')).toBeFalsy();
  });

  it('finds none when the quote around the boundary is left open', () => {
    expect(formDataBoundary('multipart/form-data; boundary="abc')).toBeFalsy();
    expect(formDataBoundary('multipart/form-data; boundary=abc"')).toBeFalsy();
  });
});

describe('readMultipartSubmission', () => {
  it('reads a body whose content type is written in capitals, with spaces before the ";"', async () => {
    const received = await readMultipartSubmission(
      request('MULTIPART/FORM-DATA ; BOUNDARY=xyz', 'xyz', '{"forename":"Ada"}'),
      limits,
    );
    expect(received).toEqual({ enquiryText: '{"forename":"Ada"}', files: [] });
  });

  it('refuses an enquiry part that is not UTF-8 instead of replacing the bytes', async () => {
    const latin1 = Buffer.from('{"forename":"Zo\u00eb"}', 'latin1');
    const refused = await readMultipartSubmission(request(TYPE, 'xyz', latin1), limits).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(SubmissionError);
    expect((refused as SubmissionError).body).toMatchObject({
      error: 'validation',
      issues: [{ field: 'enquiry', code: 'invalid_type' }],
    });
  });

  it('drops a byte order mark before the JSON', async () => {
    const received = await readMultipartSubmission(request(TYPE, 'xyz', '\ufeff{}'), limits);
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
    ).catch((error: unknown) => error);
    expect((refused as SubmissionError).status).toBe(413);
    expect((refused as SubmissionError).body).toMatchObject({
      issues: [{ field: 'files[0]', code: 'file_too_big', params: { name: 'survey.pdf' } }],
    });
    expect((refused as SubmissionError).message).toContain('“survey.pdf” is larger than');
  });

  it('refuses a file name that is not UTF-8, saying so', async () => {
    const latin1 = Buffer.from('r\u00e9sum\u00e9.pdf', 'latin1');
    const refused = await readMultipartSubmission(withFile(latin1, 10), limits).catch(
      (error: unknown) => error,
    );
    expect((refused as SubmissionError).status).toBe(400);
    expect((refused as SubmissionError).body).toMatchObject({
      issues: [{ field: 'files[0]', code: 'invalid_characters', messageKey: 'file.name_not_utf8' }],
    });
    const utf8 = await readMultipartSubmission(withFile(Buffer.from('résumé.pdf'), 10), limits);
    expect(utf8.files[0]?.name).toBe('résumé.pdf');
  });
});
