/**
 * What each answer a real platform gives comes to: an id, or an error of the right kind, with
 * the outcome known or not. The table is the rules of `interpret.ts`, case by case.
 */
import { describe, expect, it } from 'vitest';
import { PHP_WARNING } from '../../demo/enquiry-api/quirks.ts';
import { IMPOSTORS } from '../test/platform/impostors.ts';
import { EnquiryApiError } from './errors.ts';
import { interpret } from './interpret.ts';
import { readAnswer } from './read-answer.ts';
import { createScrubber } from './scrub.ts';

const scrub = createScrubber({ username: 'web-user', password: 'abcd efgh ijkl' });

async function meaning(
  status: number,
  body: string,
  headers: Record<string, string> = {},
  endpoint: 'create' | 'upload' = 'create',
) {
  const response = new Response(status === 204 ? null : body, { status, headers });
  const answer = await readAnswer([new Uint8Array(await response.arrayBuffer())], 1024);
  try {
    return { id: interpret({ endpoint, status, headers: response.headers, answer, scrub }) };
  } catch (error) {
    if (!(error instanceof EnquiryApiError)) throw error;
    const { kind, outcomeUnknown, answeredSuccess, needsSetup, parameter } = error;
    return {
      kind,
      outcomeUnknown,
      answeredSuccess: answeredSuccess,
      needsSetup,
      parameter,
    };
  }
}

const envelope = (code: number, result: unknown) => JSON.stringify({ code, result });
const page = '<!DOCTYPE html><html><body><p>Welcome</p></body></html>';

describe('what an answer means', () => {
  it('takes the id of a plain envelope, and of one behind PHP warnings sent as 200 text/html', async () => {
    expect(await meaning(201, envelope(201, 42))).toEqual({ id: 42 });
    expect(await meaning(200, `${PHP_WARNING}${envelope(201, 43)}`)).toEqual({ id: 43 });
  });

  it('acts on an envelope’s own code: a 400 envelope behind warnings is a refusal', async () => {
    const body = `${PHP_WARNING}${JSON.stringify({ code: 400, status: 'Invalid parameter: `email`', result: false })}`;
    expect(await meaning(200, body)).toMatchObject({ kind: 'validation', parameter: 'email' });
  });

  it('takes a 2xx web page for "not the API": nothing created, a setup problem', async () => {
    expect(await meaning(200, page, { 'content-type': 'text/html' })).toMatchObject({
      kind: 'configuration',
      outcomeUnknown: false,
      needsSetup: true,
    });
  });

  it('takes a 2xx JSON without an id, or one past the reading cap, for "created, id unknown"', async () => {
    const created = { kind: 'unknown', outcomeUnknown: true, answeredSuccess: true };
    expect(await meaning(201, '{"code":201}')).toMatchObject(created);
    expect(await meaning(201, `{"code":201,"result":1,"x":"${'y'.repeat(5000)}"}`)).toMatchObject(
      created,
    );
    expect(await meaning(200, `${PHP_WARNING}{"code":201,"res`)).toMatchObject(created);
  });

  it('pauses on a redirect, a 404 rest_no_route, a 404 web page, and every login refusal', async () => {
    const setup = { needsSetup: true, outcomeUnknown: false };
    expect(await meaning(301, '', { location: 'https://example.org/wp-json/x/v1' })).toMatchObject({
      kind: 'configuration',
      ...setup,
    });
    const noRoute = JSON.stringify({
      code: 'rest_no_route',
      message: 'No route',
      data: { status: 404 },
    });
    expect(await meaning(404, noRoute)).toMatchObject({ kind: 'configuration', ...setup });
    expect(await meaning(404, page)).toMatchObject({ kind: 'configuration', ...setup });
    for (const code of ['rest_forbidden', 'incorrect_password', 'application_passwords_disabled'])
      expect(
        await meaning(401, JSON.stringify({ code, message: '', data: { status: 401 } })),
      ).toMatchObject({ kind: 'authentication', ...setup });
    expect(await meaning(403, '<html><body>Blocked by firewall</body></html>')).toMatchObject({
      kind: 'authentication',
      ...setup,
    });
  });

  it('pauses on every answer of something that is not the enquiry API, nothing created', async () => {
    for (const { status, contentType, body } of IMPOSTORS)
      expect(await meaning(status, body, { 'content-type': contentType })).toMatchObject({
        kind: 'configuration',
        needsSetup: true,
        outcomeUnknown: false,
      });
  });

  it('still reads the API’s own answers that no rule names: a 404 or 415 envelope of an upload', async () => {
    const envelope404 = JSON.stringify({ code: 404, status: 'No enquiry 9', result: false });
    expect(await meaning(404, envelope404, {}, 'upload')).toMatchObject({ kind: 'unknown' });
    const envelope415 = JSON.stringify({ code: 415, status: 'Not a pdf', result: false });
    expect(await meaning(415, envelope415, {}, 'upload')).toMatchObject({ kind: 'unknown' });
  });

  it('retries 5xx: a possible duplicate, unless WordPress died before any plugin ran, or 503', async () => {
    const died =
      '<!DOCTYPE html><html><body id="error-page"><div class="wp-die-message"><h1>Error establishing a database connection</h1></div></body></html>';
    expect(await meaning(500, died)).toMatchObject({ kind: 'retryable', outcomeUnknown: false });
    // What a real WordPress 6 says to a JSON request when its database is down.
    const diedJson = JSON.stringify({
      code: 'wp_die',
      message: '<h1>Error establishing a database connection</h1>',
      data: { status: 500 },
      additional_errors: [],
    });
    expect(await meaning(500, diedJson)).toMatchObject({
      kind: 'retryable',
      outcomeUnknown: false,
    });
    const pluginDied = JSON.stringify({
      code: 'wp_die',
      message: 'Out of memory',
      data: { status: 500 },
    });
    expect(await meaning(500, pluginDied)).toMatchObject({ outcomeUnknown: true });
    expect(await meaning(500, 'Internal error')).toMatchObject({
      kind: 'retryable',
      outcomeUnknown: true,
    });
    expect(await meaning(502, page)).toMatchObject({ kind: 'retryable', outcomeUnknown: true });
    expect(await meaning(504, page)).toMatchObject({ kind: 'retryable', outcomeUnknown: true });
    expect(await meaning(503, page)).toMatchObject({ kind: 'retryable', outcomeUnknown: false });
    expect(await meaning(429, '')).toMatchObject({ kind: 'retryable', outcomeUnknown: false });
  });
});
