/**
 * Whether an enquiry's call is held, by the form's booking limits (`docs/booking.md`, "Limits";
 * `booking.limits`): so many calls a day for one client address, for its network, for the
 * visitor's mailbox domain (a big free-mail domain's generous, any other's small), and so many
 * an hour for everybody together, each counted per team (each diary is guarded on its own).
 * Shares are of the team's hosts' calls over the horizon. The counts are token buckets
 * (`limiter/token-buckets.ts`) in the outbox's keeping: in PostgreSQL every instance counts the
 * same; on SQLite, in the one process. Past a limit the enquiry is taken all the same, without
 * its call (`call-booking.ts`, `notHeld`): nobody is refused for want of a slot.
 */
import type { BookingHosts } from '../booking/booking-hosts.ts';
import { callsOverHorizon } from '../booking/slot-grid.ts';
import {
  BOOKING_LIMIT_DEFAULTS,
  callsAllowed,
  type BookingLimits,
  type CallAllowance,
} from '../contract/schemas/booking-limits.ts';
import { isPublicAddress, networkKey, rateLimitKey } from '../http/client-ip.ts';
import type { Limiter, LimiterMaker } from '../limiter/token-buckets.ts';
import { countedDomain, isFreeMail } from './mail-domains.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The limit that held a call back: what the firm's alert counts by. */
export type CallLimit = 'client' | 'network' | 'domain' | 'hour';

/** What `holdCall` came to. */
export type CallHold =
  | {
      held: true;
      /** Gives the allowances back: the call was not booked after all (taken, a repeat). */
      release(): Promise<void>;
    }
  | { held: false; limit: CallLimit };

/** Who asks for the call: their address (the socket's, or a trusted proxy's) and their email. */
export interface Asker {
  address: string;
  email: string;
}

/** One allowance to take: its limit, bucket, size as configured, and window. */
interface Allowance {
  limit: CallLimit;
  key: string;
  allowance: CallAllowance;
  windowMs: number;
}

/**
 * The allowances a call from `asker` takes, in the order they are taken (narrowest first). An
 * address no visitor on the internet has (this machine, a private network: a reverse proxy not
 * named in `TRUSTED_PROXIES`, through which every visitor comes) is not counted as one client
 * or network: that would hold every visitor's calls as one person's. The domain and the hour
 * still count.
 */
function allowancesFor(limits: BookingLimits, asker: Asker): Allowance[] {
  const domain = countedDomain(asker.email);
  const freeMail = isFreeMail(domain, limits.freeMailDomains);
  const { address } = asker;
  return [
    ...(isPublicAddress(address)
      ? [
          {
            limit: 'client' as const,
            key: rateLimitKey(address),
            allowance: limits.perClientPerDay,
            windowMs: DAY_MS,
          },
          {
            limit: 'network' as const,
            key: networkKey(address),
            allowance: limits.perNetworkPerDay,
            windowMs: DAY_MS,
          },
        ]
      : []),
    ...(domain === ''
      ? []
      : [
          {
            limit: 'domain' as const,
            key: domain,
            allowance: freeMail ? limits.perFreeMailDomainPerDay : limits.perDomainPerDay,
            windowMs: DAY_MS,
          },
        ]),
    { limit: 'hour' as const, key: '', allowance: limits.perHour, windowMs: HOUR_MS },
  ];
}

/**
 * Takes the allowances of a call with `hosts` for `asker`, each from its limiter (`limiters`
 * makes them: the outbox's); the first one refused gives back those taken before it, and the
 * call is not held. A held call's allowances are given back if it is not booked after all.
 *
 * @example const hold = await holdCall(limiters, config.booking?.limits, hosts, { address, email });
 */
export async function holdCall(
  limiters: LimiterMaker,
  limits: BookingLimits | undefined,
  hosts: BookingHosts,
  asker: Asker,
): Promise<CallHold> {
  const capacity = callsOverHorizon(hosts.rules) * hosts.people.length;
  const team = hosts.team ?? '';
  const taken: [Limiter, string][] = [];
  const release = async () => {
    for (const [limiter, key] of taken.splice(0)) await limiter.giveBack(key);
  };
  const asked = limits ?? { ...BOOKING_LIMIT_DEFAULTS, freeMailDomains: [] };
  for (const { limit, key, allowance, windowMs } of allowancesFor(asked, asker)) {
    const calls = callsAllowed(allowance, capacity);
    const limiter = calls > 0 ? limiters(`calls-${limit}`, calls, windowMs) : undefined;
    // Each team's diary its own: the bucket is the team's and the client's, network's, domain's.
    const bucket = `${team}|${key}`;
    if (!limiter || !(await limiter.take(bucket)).allowed) {
      await release();
      return { held: false, limit };
    }
    taken.push([limiter, bucket]);
  }
  return { held: true, release };
}
