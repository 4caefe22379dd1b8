/**
 * Each host's private calendar feed (`docs/booking.md`, "Calendars"): the address of their calls
 * as iCalendar, for Outlook, Google Calendar or Apple Calendar to subscribe to when they connect
 * no calendar of their own. The address is unguessable (an HMAC of the host's address under a
 * secret the outbox keeps, `calendar_feed_secret`), the same on every instance and across
 * restarts, and stops working when they are no longer a host of the form.
 */
import { createHmac } from 'node:crypto';
import type { FormConfig } from '../contract/schemas/form-config.ts';

/**
 * The token of `host`'s feed under `secret`.
 *
 * @example feedPath(secret, 'ann@firm.example') // '/calendar/Xb3…q.ics'
 */
const feedToken = (secret: string, host: string): string =>
  createHmac('sha256', secret).update(`feed:${host.toLowerCase()}`).digest('base64url');

/** Where `host`'s feed is, from the proxy's origin. */
export const feedPath = (secret: string, host: string): string =>
  `/calendar/${feedToken(secret, host)}.ics`;

/** Every host of `config`'s calls: its `booking.people`, or each team's people. */
export function hostsOf(config: FormConfig): string[] {
  if (!config.booking) return [];
  const people = config.routing
    ? Object.values(config.routing.teams).flatMap((team) => team.people)
    : (config.booking.people ?? []);
  return [...new Set(people.map((person) => person.toLowerCase()))];
}

const tokens = new WeakMap<FormConfig, Map<string, string>>();

/** The host whose feed `token` is under `secret`, of `config`'s hosts; undefined for none. */
export function feedHost(config: FormConfig, secret: string, token: string): string | undefined {
  let byToken = tokens.get(config);
  if (!byToken) {
    byToken = new Map(hostsOf(config).map((host) => [feedToken(secret, host), host]));
    tokens.set(config, byToken);
  }
  return byToken.get(token);
}
