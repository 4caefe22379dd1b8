/**
 * Each host's private feed address (`../../booking/host-feeds.ts`), written once for both
 * databases: a token of the host's own, found by the token on each request (so a replaced one
 * answers 404 on every instance at once), replaced at will. Before feeds could be replaced, every
 * host's token was an HMAC of their address under the outbox's `calendar_feed_secret`; the step
 * that made this table keeps that one as the token of every host of every version published, so
 * the feeds calendars subscribed to go on working until a host's is replaced.
 */
import { createHmac } from 'node:crypto';
import { all, one, run, type Migration, type Plan } from './plan.ts';
import type { ColumnTypes } from './tables.ts';

/** A host's feed as kept: the token in its address, and who made it, when. */
export interface HostFeed {
  address: string;
  token: string;
  at: number;
  by: string;
}

/** The table of hosts' feeds (a host's address, the token of their feed; no visitor's details). */
export const hostFeedsTable = (t: ColumnTypes) => `CREATE TABLE host_feeds (
     address ${t.text} PRIMARY KEY,
     token ${t.text} NOT NULL UNIQUE,
     made_at ${t.big} NOT NULL,
     made_by ${t.text} NOT NULL
   );`;

/** The token every host's feed had before feeds were kept: an HMAC of their address. */
const firstFeedToken = (secret: string, host: string): string =>
  createHmac('sha256', secret).update(`feed:${host.toLowerCase()}`).digest('base64url');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const addresses = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string') : [];

/** The hosts of a version's configuration text: its teams' people, or `booking.people`. */
function hostsIn(text: string): string[] {
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch {
    return [];
  }
  if (!isRecord(config) || !isRecord(config.booking)) return [];
  const teams = isRecord(config.routing) && isRecord(config.routing.teams) && config.routing.teams;
  return teams
    ? Object.values(teams).flatMap((team) => (isRecord(team) ? addresses(team.people) : []))
    : addresses(config.booking.people);
}

/** The schemas' step keeping every host's first address (`sqlite/schema.ts`, `postgres/schema.ts`). */
export const firstFeedsKept: Migration = {
  name: 'host_feeds: the address each host had kept',
  *plan(): Plan<void> {
    const secret = yield* one<{ value: string }>(
      "SELECT value FROM settings WHERE name = 'calendar_feed_secret'",
    );
    // No secret: no feed address was ever made.
    if (!secret) return;
    const versions = yield* all<{ text: string; published_at: number }>(
      'SELECT text, published_at FROM form_versions ORDER BY version',
    );
    const hosts = new Map<string, number>();
    for (const version of versions)
      for (const host of hostsIn(version.text))
        if (!hosts.has(host.toLowerCase())) hosts.set(host.toLowerCase(), version.published_at);
    for (const [address, at] of hosts)
      yield* run(
        `INSERT INTO host_feeds (address, token, made_at, made_by)
         VALUES (@address, @token, @at, 'before feeds were kept') ON CONFLICT (address) DO NOTHING`,
        { address, token: firstFeedToken(secret.value, address), at },
      );
  },
};

/**
 * Forgets `address`'s feed: its address answers 404 from now on, and the next one shown is new.
 * True when they had one. Also a step of a person removed (`people.ts`).
 */
export function* forgetFeed(address: string): Plan<boolean> {
  return (
    (yield* run('DELETE FROM host_feeds WHERE address = @address', {
      address: address.toLowerCase(),
    })) > 0
  );
}

/** The token of `address`'s feed, if one is kept. */
function* feedOf(address: string): Plan<string | undefined> {
  const row = yield* one<{ token: string }>(
    'SELECT token FROM host_feeds WHERE address = @address',
    { address: address.toLowerCase() },
  );
  return row?.token;
}

/** The statements of hosts' feeds. */
export const hostFeeds = () => ({
  forgetFeed,
  feedOf,
  /** Whose feed `token` is, if anyone's. */
  *feedHost(token: string): Plan<string | undefined> {
    const row = yield* one<{ address: string }>(
      'SELECT address FROM host_feeds WHERE token = @token',
      { token },
    );
    return row?.address;
  },
  /** Keeps `feed` as its host's unless they have one; answers the token kept. */
  *keepFeed(feed: HostFeed): Plan<string> {
    const address = feed.address.toLowerCase();
    yield* run(
      `INSERT INTO host_feeds (address, token, made_at, made_by)
       VALUES (@address, @token, @at, @by) ON CONFLICT (address) DO NOTHING`,
      { ...feed, address },
    );
    return (yield* feedOf(address)) ?? feed.token;
  },
  /** Makes `feed` its host's, in place of the one they had: that address leads nowhere now. */
  *replaceFeed(feed: HostFeed): Plan<void> {
    yield* run(
      `INSERT INTO host_feeds (address, token, made_at, made_by)
       VALUES (@address, @token, @at, @by)
       ON CONFLICT (address) DO UPDATE SET token = excluded.token, made_at = excluded.made_at,
         made_by = excluded.made_by`,
      { ...feed, address: feed.address.toLowerCase() },
    );
  },
});
