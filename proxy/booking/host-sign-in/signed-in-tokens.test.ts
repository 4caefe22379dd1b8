/**
 * A host's own Microsoft sign-in across a restart, on SQLite and PostgreSQL (issue #86 item 4):
 * Microsoft gives a new refresh token each time one is used, and may refuse the one it replaced
 * (the stand-in's `singleUse`). Each new one is sealed in the outbox as it comes, so a proxy
 * restarted at any moment reads her calendar with the newest; two reads at once use one refresh
 * between them; a read that got no new token writes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresOutbox } from '../../outbox/postgres/store.ts';
import { openSqliteOutbox } from '../../outbox/sqlite/store.ts';
import type { OutboxStore } from '../../outbox/store.ts';
import { graphPlaces, microsoftWebApp } from '../../test/fixtures/graph-connect.ts';
import { startGraphStandIn, type GraphStandIn } from '../../test/fixtures/graph-stand-in.ts';
import { ANN, CALLBACK, operatorTypes } from '../../test/fixtures/host-sign-in-console.ts';
import { missing } from '../../test/fixtures/postgres-server.ts';
import { START } from '../../test/fixtures/proxy-harness.ts';
import { usePostgresServer } from '../../test/fixtures/use-postgres-server.ts';
import { calendarAdapters, CalendarOpener } from '../calendar-adapters.ts';
import { calendarKey, type CalendarKey } from '../calendar-key.ts';
import { HostSignIn } from './host-sign-in.ts';

const postgres = usePostgresServer();
const KEY = 'a test key of thirty-two characters!';
const key = calendarKey({ key: KEY }) as CalendarKey;
const DAY = 86_400_000;
const reading = () => ({ floatingZone: 'Europe/London', isOwnBooking: () => false });
const closing: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/** Where an outbox lives, and how a proxy opens it there. */
const stores: [
  string,
  () => Promise<{ where: string; open: (where: string) => Promise<OutboxStore> }>,
][] = [
  [
    'SQLite',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'signed-in-tokens-'));
      closing.push(() => {
        rmSync(dir, { recursive: true, force: true });
      });
      return Promise.resolve({
        where: join(dir, 'outbox.db'),
        open: (path: string) => Promise.resolve(openSqliteOutbox(path)),
      });
    },
  ],
  [
    'PostgreSQL',
    async () => ({ where: await postgres().createDatabase(), open: openPostgresOutbox }),
  ],
];

/** A proxy's calendar parts over `store`, reading Microsoft at `graph`, by `now`. */
function proxyOn(store: OutboxStore, graph: GraphStandIn, now: () => number) {
  const opener = new CalendarOpener({
    adapters: calendarAdapters(graphPlaces(graph), now),
    key: () => key,
    store,
  });
  const signIn = new HostSignIn({ opener, store, keySource: { key: KEY }, reading, now });
  /** Ann's calendar read as the busy cache reads it: one day of busy times. */
  const read = async () => {
    const [calendar] = await store.hostCalendars();
    if (!calendar) throw new Error('no calendar kept');
    return (await opener.open(calendar)).busyTimes(now(), now() + DAY, reading());
  };
  return { signIn, read };
}

describe.each(stores)('%s: a host’s rotated Microsoft refresh token', (name, outbox) => {
  it.skipIf(name === 'PostgreSQL' && missing())(
    'is sealed as soon as it comes, so a restarted proxy reads her calendar with the newest',
    async () => {
      const graph = await startGraphStandIn();
      closing.push(() => graph.close());
      graph.addMailbox(ANN);
      graph.delegated.redirectUris.add(CALLBACK);
      graph.delegated.signedIn = ANN;
      graph.delegated.singleUse = true;
      const { where, open } = await outbox();
      let store = await open(where);
      closing.push(() => store.close());
      const clock = { now: START };
      const now = () => clock.now;
      const registered = await operatorTypes(
        store,
        graphPlaces(graph),
        microsoftWebApp(graph),
        graph.delegated.webSecret,
        now,
      );
      expect(registered.code).toBe(0);
      const kept = async () => {
        const [calendar] = await store.hostCalendars();
        return {
          sealed: calendar?.sealedPassword ?? '',
          token: key.open(calendar?.sealedPassword ?? '', { address: ANN, url: ANN, username: '' }),
        };
      };

      const first = proxyOn(store, graph, now);
      const begun = await first.signIn.begin('microsoft', ANN, CALLBACK);
      const authorize = await fetch(begun?.url ?? '', { redirect: 'manual' });
      const code = new URL(authorize.headers.get('location') ?? '').searchParams.get('code') ?? '';
      await first.signIn.finish(
        'microsoft',
        ANN,
        { code, verifier: begun?.verifier ?? '', redirectUri: CALLBACK },
        ANN,
      );
      expect((await kept()).token).toBe(graph.delegated.refreshTokens.at(-1));

      // Within the minute an access token is used: no new refresh token, nothing written.
      const before = await kept();
      clock.now += 30_000;
      await first.read();
      expect(await kept()).toEqual(before);

      // Each minute after, a new one: sealed at once, whoever asked (two reads at once share one).
      for (const minute of [1, 2]) {
        clock.now += 61_000;
        const issued = graph.delegated.refreshTokens.length;
        await Promise.all([first.read(), first.read()]);
        expect(graph.delegated.refreshTokens.length, `minute ${String(minute)}`).toBe(issued + 1);
        expect((await kept()).token).toBe(graph.delegated.refreshTokens.at(-1));
      }

      // Restarted: the outbox opened again, the adapters new, Microsoft refusing the old tokens.
      await store.close();
      store = await open(where);
      clock.now += 61_000;
      const restarted = proxyOn(store, graph, now);
      await expect(restarted.read()).resolves.toEqual([]);
      expect((await kept()).token).toBe(graph.delegated.refreshTokens.at(-1));
    },
  );
});
