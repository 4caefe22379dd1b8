/**
 * The six ways a real WordPress answers that the spec does not show (issue "Real platforms"),
 * each through the real proxy and the stand-in answering as WordPress does: what the visitor
 * is told, the outbox as health shows it, what the operator reads in the log, and that the
 * enquiry arrives once, neither lost nor counted as a possible duplicate.
 */
import { describe, expect, it } from 'vitest';
import { sampleFiles } from '../fixtures/proxy-harness.ts';
import { CREDENTIALS, eventually, platformSession } from './platform-session.ts';

const pdf = () => new File([sampleFiles.pdf(20_000)], 'survey.pdf');
const delivered = (n: number) => (health: { outbox: { delivered: number } }) =>
  health.outbox.delivered === n;

describe('1. plain permalinks', () => {
  it('takes the front page at /wp-json as "not the API": nothing created, paused, visitor told it is received', async () => {
    const session = await platformSession({ faults: { quirk: 'plain-permalinks' } });
    const answer = await session.submit([pdf()]);
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ status: 'queued' });

    const health = await session.health();
    expect(health.status).toBe('failing');
    expect(health.public.status).toBe('failing');
    expect(health.delivery).toMatch(/^paused: .*web page/);
    expect(health.outbox).toMatchObject({ queued: 1, dead: 0, possibleDuplicates: 0 });
    const [paused] = session.logged('configuration error');
    expect(paused?.fix).toMatch(/\?rest_route=/);
    expect(await session.inbox()).toEqual([]);

    // The fix the hint names: the ?rest_route= form of the address. The queued one goes at once.
    await session.restart({ ENQUIRY_API_URL: `${session.api.origin}/?rest_route=/enquiries/v1` });
    const after = await eventually(session.health, delivered(1));
    expect(after.status).toBe('ok');
    const inbox = await session.inbox();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]?.files.map((file) => file.name)).toEqual(['survey.pdf']);
  });

  it('delivers through ?rest_route= with files, answering 201', async () => {
    const session = await platformSession({
      faults: { quirk: 'plain-permalinks' },
      url: (api) => `${api.origin}/index.php?rest_route=/enquiries/v1`,
    });
    const answer = await session.submit([pdf()]);
    expect(answer.status).toBe(201);
    const inbox = await session.inbox();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ id: answer.body.enquiryId, files: [{ name: 'survey.pdf' }] });
  });
});

describe('2. PHP warnings before the JSON', () => {
  it('reads the id behind the warnings, uploads the files once, and warns once per kind', async () => {
    const session = await platformSession({ faults: { quirk: 'php-warnings' } });
    const first = await session.submit([pdf()]);
    const second = await session.submit([pdf()]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const inbox = await session.inbox();
    expect(inbox.map((enquiry) => enquiry.id)).toEqual([
      first.body.enquiryId,
      second.body.enquiryId,
    ]);
    expect(inbox.every((enquiry) => enquiry.files.length === 1)).toBe(true);
    expect(session.api.store.stats.uploadRequests).toBe(2);

    const warnings = session.logged('printed a PHP');
    expect(warnings.map((line) => line.kind).sort()).toEqual(['Deprecated', 'Warning']);
    const health = await session.health();
    expect(health).toMatchObject({ status: 'ok', delivery: 'running' });
    expect(health.outbox).toMatchObject({ delivered: 2, possibleDuplicates: 0 });
  });
});

describe('3. 404 rest_no_route', () => {
  it('pauses with the body and a hint naming ENQUIRY_API_URL, and resumes once the check passes', async () => {
    const session = await platformSession({ faults: { quirk: 'no-route' } });
    const answer = await session.submit();
    expect(answer.status).toBe(202);
    const health = await session.health();
    expect(health.status).toBe('failing');
    expect(health.public.status).toBe('failing');
    expect(health.delivery).toMatch(/^paused: .*no route/i);
    const [paused] = session.logged('configuration error');
    expect(paused?.fix).toMatch(/ENQUIRY_API_URL/);
    expect(JSON.stringify(session.logs.lines())).toContain('rest_no_route');
    const attempts = session.api.store.stats.createRequests;

    // While paused, only the check goes upstream (once per AUTH_RETRY_MS), not the enquiry.
    session.faults({ quirk: 'none' });
    const after = await eventually(session.health, delivered(1));
    expect(after).toMatchObject({ status: 'ok', delivery: 'running' });
    expect(await session.inbox()).toHaveLength(1);
    expect(session.api.store.stats.createRequests - attempts).toBeLessThanOrEqual(3);
    expect(session.logged('the platform check passes')).toHaveLength(1);
  });
});

describe('4. wp_die: "Error establishing a database connection"', () => {
  it('retries as a plain failure: no possible duplicate, one enquiry once the database is back', async () => {
    const session = await platformSession({ faults: { quirk: 'wp-die' } });
    const answer = await session.submit();
    expect(answer.status).toBe(202);
    expect(session.logged('outcome unknown')).toEqual([]);
    const [retry] = session.logged('delivery failed; will retry');
    expect(String(retry?.error)).toMatch(/database connection/);
    expect((await session.health()).delivery).toBe('running');

    session.faults({ quirk: 'none' });
    const after = await eventually(session.health, delivered(1));
    expect(after.outbox.possibleDuplicates).toBe(0);
    expect(await session.inbox()).toHaveLength(1);
  });
});

describe('5. login refusals', () => {
  it.each([
    ['rest_forbidden', /not allowed|role|capabilit/i],
    ['rest_not_logged_in', /Authorization|application password/i],
    ['incorrect_password', /ENQUIRY_API_PASSWORD/],
    ['invalid_username', /ENQUIRY_API_USERNAME/],
    ['application_passwords_disabled', /application passwords/i],
    ['waf-403', /firewall/i],
  ] as const)('%s pauses with a fix that names what is at fault', async (quirk, fix) => {
    const session = await platformSession({ faults: { quirk } });
    const answer = await session.submit();
    expect(answer.status).toBe(202);
    const health = await session.health();
    expect(health.status).toBe('failing');
    expect(health.public.status).toBe('failing');
    expect(health.delivery).toMatch(/^paused: /);
    const [paused] = session.logged('configuration error');
    expect(String(paused?.fix)).toMatch(fix);
    expect(JSON.stringify(session.logs.lines())).not.toContain(CREDENTIALS.password);

    session.faults({ quirk: 'none' });
    await eventually(session.health, delivered(1));
    expect(await session.inbox()).toHaveLength(1);
  });
});

describe('6. resume after a fix', () => {
  it('a start delivers what waited for a retry hours away, at once', async () => {
    const session = await platformSession({
      faults: { failRate: 1, failStatus: 503 },
      env: { RETRY_BASE_MS: String(3 * 3600_000), RETRY_MAX_DELAY_MS: String(6 * 3600_000) },
    });
    expect((await session.submit()).status).toBe(202);
    expect((await session.health()).outbox.queued).toBe(1);
    session.faults({ failRate: 0 });

    const started = Date.now();
    await session.restart();
    await eventually(session.health, delivered(1));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await session.inbox()).toHaveLength(1);
  });

  it('a passing check after a pause sends everything queued now, not at its old retry time', async () => {
    const session = await platformSession({
      faults: { failRate: 1, failStatus: 503 },
      env: { RETRY_BASE_MS: String(3 * 3600_000), RETRY_MAX_DELAY_MS: String(6 * 3600_000) },
    });
    expect((await session.submit()).status).toBe(202); // retry due in hours
    session.faults({ failRate: 0, quirk: 'incorrect_password' });
    expect((await session.submit()).status).toBe(202); // pauses delivery
    expect((await session.health()).delivery).toMatch(/^paused/);

    session.faults({ quirk: 'none' });
    const after = await eventually(session.health, delivered(2));
    expect(after).toMatchObject({ status: 'ok', delivery: 'running' });
    expect(after.outbox.queued).toBe(0);
    expect(await session.inbox()).toHaveLength(2);
  });
});
