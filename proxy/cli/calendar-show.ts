/**
 * `npm run outbox -- people calendar <address>`: what is connected for a host (its kind, where,
 * by whom, when it was last read and why not, never a secret) and their private feed's full
 * address (`PUBLIC_URL`'s, else the proxy's on this machine).
 */
import { feedPath } from '../booking/host-feeds.ts';
import { CALENDAR_KIND_NAMES, type ConnectedCalendar } from '../outbox/calendar-write.ts';
import type { HostCalendars, HostFeeds } from '../outbox/store.ts';
import type { CalendarIo } from './calendars-command.ts';

const iso = (at: number) => new Date(at).toISOString();

/** Where `calendar` is and who signs in to it, as its kind says it. */
function whereItIs(calendar: Pick<ConnectedCalendar, 'kind' | 'url' | 'username'>): string {
  if (calendar.kind === 'caldav') return `${calendar.url} (user ${calendar.username})`;
  const whose = calendar.username ? `signed in as ${calendar.username}` : 'the firm’s connection';
  return `${calendar.url}, through ${whose}`;
}

/** How its reads went, in words. */
const readWords = (calendar: ConnectedCalendar) =>
  calendar.fault
    ? ` It cannot be read since ${iso(calendar.faultAt ?? 0)}: ${calendar.fault}.`
    : calendar.readAt === null
      ? ' It has not been read by the proxy yet.'
      : ` Last read ${iso(calendar.readAt)}.`;

/** Says what is connected for `address`, and their feed's address. */
export async function showCalendar(
  address: string,
  store: HostCalendars & Pick<HostFeeds, 'feedOf' | 'keepFeed'>,
  io: CalendarIo,
): Promise<number> {
  const connected = (await store.hostCalendars()).find((each) => each.address === address);
  io.out(
    connected
      ? `${address}'s ${CALENDAR_KIND_NAMES[connected.kind]}: ${whereItIs(connected)}, connected ${iso(connected.connectedAt)} by ${connected.connectedBy}.${readWords(connected)}`
      : `${address} has no calendar connected: their calls are in their feed and the console.`,
  );
  const path = await feedPath(store, address, { at: io.now(), by: 'cli' });
  io.out(
    `Their feed (subscribe to it in Outlook, Google Calendar or Apple Calendar; keep it private): ${feedUrl(io, path)}`,
  );
  if (!io.publicUrl)
    io.out(
      'That is the proxy’s address on this machine: set PUBLIC_URL to the address visitors use, and a calendar elsewhere can reach the feed.',
    );
  return 0;
}

/** The feed at `path` as a calendar reaches it: `PUBLIC_URL`'s, else this machine's proxy. */
export const feedUrl = (io: CalendarIo, path: string) =>
  `${io.publicUrl?.replace(/\/+$/, '') ?? io.localConsole ?? 'http://localhost:8080'}${path}`;
