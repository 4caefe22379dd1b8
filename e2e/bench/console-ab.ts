/**
 * Two (or more) checkouts' proxies side by side over the console bench's 100,000 leads, each
 * request alternated between them: what `npm run bench -- console` asks, without the noise of
 * runs made one after the other on a shared machine (a run's medians moved by a quarter between
 * rounds here, more than the differences looked for).
 *
 *   node --import tsx e2e/bench/console-ab.ts [--runs N] <checkout> <checkout>...
 *
 * Each checkout (`git worktree add --detach /tmp/before <commit>`, its node_modules beside it)
 * fills its own outbox with its own schema, and runs its own proxy, as deployed from there (its
 * `PROXY_NODE_FLAGS` where it has them, its law firm form), started fresh as the bench's is; the
 * stand-in is this checkout's. Prints each ask's median per checkout, N asks each (default 200),
 * and the load average before and after. Measurement only: it writes nothing to BENCHMARKS.md.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { openOutboxDatabase } from '../../proxy/outbox/sqlite/schema.ts';
import { CONSOLE_ASKS, fillLeads, headersFor, signIn, timedGet } from './console-list.ts';
import { scratchDir, stopAll } from './processes.ts';
import { median, num } from './report.ts';
import { startProxyServer, startStandIn } from './servers.ts';

const TOKEN = randomBytes(32).toString('base64url');

interface Side {
  name: string;
  origin: string;
  cookie: string;
}

/** A checkout's own pieces, imported from there: its schema, its deployed flags, its form. */
async function checkoutParts(dir: string) {
  const schema = (await import(join(dir, 'proxy/outbox/sqlite/schema.ts'))) as {
    openOutboxDatabase: typeof openOutboxDatabase;
  };
  const flagsFile = join(dir, 'proxy/test/fixtures/node-flags.ts');
  const flags = existsSync(flagsFile)
    ? ((await import(flagsFile)) as { PROXY_NODE_FLAGS: readonly string[] }).PROXY_NODE_FLAGS
    : [];
  return {
    open: schema.openOutboxDatabase,
    flags,
    formConfig: join(dir, 'demo/forms/law-firm.json'),
  };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const runsAt = argv.indexOf('--runs');
  const runs = runsAt === -1 ? 200 : Number(argv.splice(runsAt, 2)[1]);
  const dirs = argv.map((dir) => resolve(dir));
  if (dirs.length < 2 || !Number.isInteger(runs) || runs < 1) {
    throw new Error('usage: console-ab.ts [--runs N] <checkout> <checkout>...');
  }
  const standIn = await startStandIn();
  const sides: Side[] = [];
  for (const dir of dirs) {
    const { open, ...checkout } = await checkoutParts(dir);
    const dataDir = scratchDir('console-ab', 'disk');
    fillLeads(dataDir, open);
    const proxy = await startProxyServer(standIn, {
      env: { DATA_DIR: dataDir, ADMIN_TOKEN: TOKEN },
      checkout: { dir, ...checkout },
    });
    sides.push({
      name: basename(dir),
      origin: proxy.origin,
      cookie: await signIn(proxy.origin, TOKEN),
    });
  }
  const loadBefore = loadavg()[0] ?? 0;
  const lines: string[] = [];
  for (const { label, path, as } of CONSOLE_ASKS) {
    const times = sides.map((): number[] => []);
    for (let i = 0; i < runs; i += 1) {
      // Each side first every other time: neither always follows the other's work.
      for (let k = 0; k < sides.length; k += 1) {
        const at = i % 2 === 0 ? k : sides.length - 1 - k;
        const side = sides[at];
        if (!side) continue;
        times[at]?.push(
          await timedGet(`${side.origin}${path}`, headersFor(as, side.cookie, TOKEN)),
        );
      }
    }
    const medians = sides.map((side, at) => `${side.name} ${num(median(times[at] ?? []))}`);
    lines.push(`${label.padEnd(34)} ${medians.join('  ')}`);
  }
  const loadAfter = loadavg()[0] ?? 0;
  console.log(
    `median ms of ${String(runs)} asks each, alternated; load ${num(loadBefore)} -> ${num(loadAfter)}`,
  );
  console.log(lines.join('\n'));
}

try {
  await main();
} finally {
  await stopAll();
}
