/**
 * Each host's private calendar feed (`docs/booking.md`, "Calendars"): the address of their calls
 * as iCalendar, for Outlook, Google Calendar or Apple Calendar to subscribe to when they connect
 * no calendar of their own. The address carries a token of the host's own (32 random bytes),
 * kept in the outbox (`outbox/machine/host-feeds.ts`) the first time it is shown, and replaced
 * when it must stop working: by the host in the console's "Your calls", by an operator with
 * `npm run outbox -- people calendar <address> --new-feed`, and when the person is removed from
 * the console. Every request asks the outbox whose a token is, so a replaced address answers 404
 * on every instance at once; and a feed answers only while its host is one of the form's.
 */
import { randomBytes } from 'node:crypto';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import type { HostFeeds } from '../outbox/store.ts';

/** Who made or replaced a feed, and when (the outbox keeps both with it). */
export interface FeedChange {
  at: number;
  /** `cli`, or the person as the audit log names them. */
  by: string;
}

/** Where a feed is, from the proxy's origin. */
const pathOf = (token: string) => `/calendar/${token}.ics`;
const newToken = () => randomBytes(32).toString('base64url');

/**
 * The path of `host`'s feed, made now if they have none.
 *
 * @example await feedPath(store, 'ann@firm.example', { at: Date.now(), by: 'cli' }) // '/calendar/Xb3…q.ics'
 */
export const feedPath = async (
  store: Pick<HostFeeds, 'feedOf' | 'keepFeed'>,
  host: string,
  change: FeedChange,
): Promise<string> =>
  pathOf(
    (await store.feedOf(host)) ??
      (await store.keepFeed({ address: host, token: newToken(), ...change })),
  );

/**
 * A new address for `host`'s feed, in place of the one they had (which answers 404 from now on,
 * on every instance); answers its path.
 */
export async function newFeedPath(
  store: Pick<HostFeeds, 'replaceFeed'>,
  host: string,
  change: FeedChange,
): Promise<string> {
  const token = newToken();
  await store.replaceFeed({ address: host, token, ...change });
  return pathOf(token);
}

/** Every host of `config`'s calls: its `booking.people`, or each team's people. */
export function hostsOf(config: FormConfig): string[] {
  if (!config.booking) return [];
  const people = config.routing
    ? Object.values(config.routing.teams).flatMap((team) => team.people)
    : (config.booking.people ?? []);
  return [...new Set(people.map((person) => person.toLowerCase()))];
}

/** The host whose feed `token` is, while they are one of `config`'s hosts; undefined else. */
export async function feedHost(
  store: Pick<HostFeeds, 'feedHost'>,
  config: FormConfig,
  token: string,
): Promise<string | undefined> {
  const host = await store.feedHost(token);
  return host !== undefined && hostsOf(config).includes(host) ? host : undefined;
}
