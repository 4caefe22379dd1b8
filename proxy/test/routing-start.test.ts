/**
 * A routing rule that names a question or a team the form does not have stops the proxy's start
 * (issue #58), the real process exiting before it listens and naming the rule's JSON path, so a
 * mistyped rule never sends leads to nobody.
 */
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { proxyEnvFor } from './fixtures/proxy-env.ts';
import { lawFirmRoutedFile, ROUTING } from './fixtures/routing-config.ts';
import { startProxyProcess } from './reliability/proxy-process.ts';

/** The platform is never reached: the start stops at the configuration. */
const NO_PLATFORM = { url: 'http://127.0.0.1:9/api/enquiries' };
const CREDENTIALS = { username: 'routing-start', password: 'routing start password' };

/** Starts a proxy on the routed law firm with `rules`, and waits for it to exit. */
async function startWithRules(rules: object[]) {
  const dir = mkdtempSync(join(tmpdir(), 'routing-start-'));
  const path = join(dir, 'form.json');
  writeFileSync(path, JSON.stringify({ ...lawFirmRoutedFile, routing: { ...ROUTING, rules } }));
  const proxy = startProxyProcess(
    proxyEnvFor(NO_PLATFORM, CREDENTIALS, { DATA_DIR: dir, FORM_CONFIG: path }),
  );
  await expect(proxy.listening).rejects.toThrow(/exited \(1\) before listening/);
  // The exit can come before the last of stderr is read.
  const stderr = proxy.child.stderr;
  if (stderr && !stderr.readableEnded) await once(stderr, 'end');
  return proxy.stderrTail();
}

describe('the start of a proxy whose routing rules are wrong', () => {
  it('stops, naming the path of a rule on an unknown question and of one for an unknown team', async () => {
    const said = await startWithRules([
      { when: { caseType: 'conveyancing', question: 'budget', equals: 'x' }, team: 'property' },
      { when: { caseType: 'family' }, team: 'tax' },
    ]);
    expect(said).toContain(
      'Form configuration error (FORM_CONFIG): routing.rules[0].when.question: "budget" is not a question of "conveyancing"',
    );
    expect(said).toContain(
      'Form configuration error (FORM_CONFIG): routing.rules[1].team: "tax" is not a team',
    );
  }, 60_000);
});
