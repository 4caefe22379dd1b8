/**
 * The platform check: one `POST …/enquiries/create` with `{}`, which the spec answers with a 400
 * naming `forename` (section 7) and which therefore creates nothing. What comes back proves, or
 * disproves, each thing delivery needs: the address answers, over a trusted certificate, the
 * route exists, the login is accepted, and the JSON comes clean. Run by `npm run proxy --
 * --check`, at every start, and while delivery is paused, to know when to resume.
 */
import type { EnquiryApiClientWithProbe, RawAnswer } from './enquiry-api-client.ts';
import { EnquiryApiError } from './errors.ts';
import { interpret } from './interpret.ts';
import { errorFromNetwork } from './network-errors.ts';
import { createScrubber, type Credentials } from './scrub.ts';
import { badRequestEnvelopeSchema, parameterNamed } from './schemas.ts';

/** One thing the check found, and what to change when it is wrong. */
export interface Finding {
  name: 'reachable' | 'TLS' | 'route found' | 'credentials accepted' | 'JSON clean' | 'spec answer';
  ok: boolean;
  detail: string;
  fix?: string;
}

/** The check's outcome: delivery can work when `ok`. */
export interface CheckReport {
  ok: boolean;
  findings: Finding[];
  /** The error that makes delivery impossible, when there is one. */
  problem?: EnquiryApiError;
}

const ok = (name: Finding['name'], detail: string): Finding => ({ name, ok: true, detail });

/**
 * @example const report = await checkPlatform(client, { baseUrl, username, password });
 *   report.findings.map((f) => `${f.ok ? 'ok' : 'FAIL'} ${f.name}: ${f.detail}`)
 */
export async function checkPlatform(
  client: Pick<EnquiryApiClientWithProbe, 'rawCreate'>,
  setup: Credentials & { baseUrl: string },
  signal?: AbortSignal,
): Promise<CheckReport> {
  const secure = new URL(setup.baseUrl).protocol === 'https:';
  let raw: RawAnswer;
  try {
    raw = await client.rawCreate('{}', signal);
  } catch (error) {
    const problem =
      error instanceof EnquiryApiError ? error : errorFromNetwork('create', error, false);
    const tls = problem.kind === 'configuration';
    const findings: Finding[] = tls
      ? [
          ok('reachable', `${new URL(setup.baseUrl).host} answers`),
          {
            name: 'TLS',
            ok: false,
            detail: problem.message,
            ...(problem.hint ? { fix: problem.hint } : {}),
          },
        ]
      : [
          {
            name: 'reachable',
            ok: false,
            detail: problem.message,
            fix: 'Check the host and port in ENQUIRY_API_URL, and that this machine can reach it (DNS, firewall).',
          },
        ];
    return { ok: false, findings, problem };
  }
  const findings: Finding[] = [
    ok('reachable', `answered ${raw.status}`),
    secure
      ? ok('TLS', 'the certificate is trusted')
      : ok('TLS', 'plain http: allowed for this machine only'),
  ];
  const meaning = meaningOf(raw, setup);
  if (meaning?.needsSetup) {
    const problem = meaning;
    const name = problem.kind === 'authentication' ? 'credentials accepted' : 'route found';
    if (name === 'credentials accepted') findings.push(ok('route found', 'the route answers'));
    findings.push({
      name,
      ok: false,
      detail: problem.message,
      ...(problem.hint ? { fix: problem.hint } : {}),
    });
    return { ok: false, findings, problem };
  }
  findings.push(
    ok('route found', 'the route answers'),
    ok('credentials accepted', 'the login is accepted'),
  );
  findings.push(
    raw.answer.notices.length === 0
      ? ok('JSON clean', 'no PHP notices before the JSON')
      : {
          name: 'JSON clean',
          ok: false,
          detail: `PHP printed ${raw.answer.notices.join(', ')} before the JSON`,
          fix: 'Turn off display_errors on the platform (WP_DEBUG_DISPLAY false in wp-config.php). Delivery still works: the proxy finds the JSON behind the notices.',
        },
  );
  const envelope = badRequestEnvelopeSchema.safeParse(raw.answer.json);
  if (envelope.success && parameterNamed(envelope.data.status) === 'forename') {
    findings.push(
      ok(
        'spec answer',
        'an enquiry without forename is refused, as the spec says: nothing was created',
      ),
    );
    return { ok: true, findings };
  }
  if (meaning?.kind === 'retryable') {
    // Nothing to change but the time: the proxy takes enquiries and retries them meanwhile.
    findings.push({
      name: 'spec answer',
      ok: false,
      detail: `the platform failed to answer (${raw.status}): it is down or overloaded now`,
      fix: 'Run the check again in a few minutes. A running proxy keeps every enquiry and retries it meanwhile.',
    });
    return { ok: false, findings, problem: meaning };
  }
  findings.push({
    name: 'spec answer',
    ok: false,
    detail: `an enquiry without forename got ${raw.status}, not the spec's 400 naming forename`,
    fix: 'The platform does not answer as the enquiry API spec says: ask its integration manager. (Delivery is tried all the same.)',
  });
  return { ok: true, findings };
}

/** The error the answer to `{}` comes to (a setup problem, the platform down), if any. */
function meaningOf(raw: RawAnswer, setup: Credentials): EnquiryApiError | undefined {
  try {
    interpret({ endpoint: 'create', ...raw, scrub: createScrubber(setup) });
  } catch (error) {
    if (error instanceof EnquiryApiError) return error;
    throw error;
  }
  return undefined;
}

/**
 * The report as lines a person reads: one per finding, with what to change when it is wrong.
 *
 * @example reportLines(report) // ['ok    reachable: answered 400', ...]
 */
export function reportLines(report: CheckReport): string[] {
  const lines = report.findings.flatMap((finding) => [
    `${finding.ok ? 'ok  ' : 'FAIL'}  ${finding.name}: ${finding.detail}`,
    ...(finding.fix && !finding.ok ? [`      ${finding.fix}`] : []),
  ]);
  lines.push(
    report.ok
      ? 'Delivery can work: the address, the route and the login are right.'
      : 'Delivery cannot work until the failing line above is fixed.',
  );
  return lines;
}

/** How the last platform check went, and when (the console shows it). */
export interface CheckRecord {
  at: number;
  ok: boolean;
  /** What is wrong, and what to change, when it failed. */
  problem?: { message: string; hint: string | undefined };
}
