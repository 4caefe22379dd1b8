/**
 * `npm run outbox` with files: a lead the platform took with one of its files refused (list,
 * show, retry or skip the file), and export of a lead's fields and kept files to a folder.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leaseOf, SAMPLE_PDF, sampleSubmission } from '../test/fixtures/outbox.ts';
import { NOW, seededOutboxCli } from '../test/fixtures/outbox-cli.ts';

const cli = seededOutboxCli();

describe('npm run outbox with a partly delivered submission', () => {
  const refuseOne = async () => {
    const outcome = await cli.store.accept(
      sampleSubmission({ reference: 'EQ-PART-0001', receivedAt: NOW }),
    );
    if (outcome.kind !== 'stored') throw new Error('not stored');
    const lease = await leaseOf(cli.store, outcome.submission.id, NOW);
    await cli.store.recordCreated(lease, 1002, NOW + 1000);
    await cli.store.recordUploaded(lease, 0, 601, NOW + 2000);
    await cli.store.recordUploadFailed(
      lease,
      1,
      'enquiry API refused the upload: file[mime]',
      NOW + 3000,
    );
    await cli.store.finish(lease, { kind: 'delivered', at: NOW });
  };

  it('lists how many files were refused, retries one of them, or leaves it out', async () => {
    await refuseOne();
    expect(await cli.run('list', 'partial')).toBe(0);
    expect(cli.out[0]).toContain('files 1/2 (1 refused)');
    expect(await cli.run('retry', 'EQ-PART-0001', '--file', 'x')).toBe(2);
    expect(await cli.run('retry', 'EQ-PART-0001', '--file', '1')).toBe(0);
    expect(await cli.store.get('EQ-PART-0001')).toMatchObject({ state: 'queued' });
  });

  it('shows a partly delivered one with when each step was answered, the refused file and how to retry or leave it out', async () => {
    await refuseOne();
    await cli.run('show', 'EQ-PART-0001');
    expect(cli.out).toEqual(
      expect.arrayContaining([
        'EQ-PART-0001: partial (enquiry 1002)',
        '  1. create the enquiry: done 2027-03-27T12:00:01Z, enquiry 1002',
        expect.stringMatching(
          /^ {2}2\. upload plan\.pdf \(file 0, .*\): done 2027-03-27T12:00:02Z, attachment 601$/,
        ),
        expect.stringMatching(
          /^ {2}3\. upload photo\.png \(file 1, .*\): refused 2027-03-27T12:00:03Z, enquiry API refused the upload: file\[mime\] \(retry EQ-PART-0001 --file 1 sends it again; skip EQ-PART-0001 --file 1 leaves it out\)$/,
        ),
      ]),
    );
  });

  it('gives each step’s time in JSON as ISO, as every other time', async () => {
    await refuseOne();
    await cli.run('show', 'EQ-PART-0001', '--json');
    const shown = JSON.parse(cli.out.join('\n')) as Record<string, unknown>;
    expect(shown).toMatchObject({
      enquiryCreatedAt: '2027-03-27T12:00:01Z',
      files: [{ answeredAt: '2027-03-27T12:00:02Z' }, { answeredAt: '2027-03-27T12:00:03Z' }],
      steps: [
        { outcome: 'done', at: '2027-03-27T12:00:01Z' },
        { outcome: 'done', at: '2027-03-27T12:00:02Z' },
        { outcome: 'refused', at: '2027-03-27T12:00:03Z' },
      ],
    });
    expect(JSON.stringify(shown)).not.toMatch(/:\d{12,}/); // no epoch milliseconds
  });

  it('skips a refused file, and says so when there is none to skip', async () => {
    await refuseOne();
    expect(await cli.run('skip', 'EQ-PART-0001', '--file', '0')).toBe(1);
    expect(cli.err.at(-1)).toContain('has no refused file 0');
    expect(await cli.run('skip', 'EQ-PART-0001', '--file', '1')).toBe(0);
    expect(await cli.store.get('EQ-PART-0001')).toMatchObject({ state: 'delivered' });
  });
});

describe('export', () => {
  it('writes the fields and the files still kept to a folder named by the reference', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'export-'));
    expect(await cli.run('export', 'EQ-AAAA-0002', '--to', dir)).toBe(0);
    const folder = join(dir, 'EQ-AAAA-0002');
    expect(readdirSync(folder).sort()).toEqual(['0-plan.pdf', '1-photo.png', 'enquiry.json']);
    expect(readFileSync(join(folder, '0-plan.pdf')).equals(Buffer.from(SAMPLE_PDF))).toBe(true);
    const enquiry = JSON.parse(readFileSync(join(folder, 'enquiry.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(enquiry).toMatchObject({
      reference: 'EQ-AAAA-0002',
      state: 'dead',
      upstream: { forename: 'Ada' },
    });
    expect(cli.out.at(-1)).toBe(`Wrote ${folder}: enquiry.json, 0-plan.pdf, 1-photo.png`);
  });

  it('says which files went with delivery, and names an unknown reference', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'export-'));
    expect(await cli.run('export', 'EQ-AAAA-0001', '--to', dir)).toBe(0);
    expect(cli.out.at(-1)).toBe('Not kept (delivered to the platform): plan.pdf, photo.png');
    expect(await cli.run('export', 'EQ-NOPE-0000', '--to', dir)).toBe(1);
    expect(cli.err.at(-1)).toBe('No submission has the reference EQ-NOPE-0000.');
  });
});
