/**
 * The room a wait for the platform needs: while it is down, every lead stays in the outbox with
 * its files for up to the retry window (`RETRY_GIVE_UP_AFTER_MS`, two weeks by default), so the
 * outbox's disk must hold that many days of leads at the rate they come. Worked out from the
 * last week's leads (or the days since the first of them, a day at least) and their bytes, with
 * what each lead costs the database besides (`LEAD_OVERHEAD_BYTES`); compared with the room above
 * the enquiries' reserve (`lifecycle/disk-room.ts`) where that disk is the proxy's own. Short of
 * it, `/readyz` says so beside "ready", `/admin/status` gives the figures, and the firm is
 * alerted (`notify/alert-conditions.ts`): long before the disk could end a wait.
 */
import type { OperatorView } from './submission-store.ts';

const DAY_MS = 86_400_000;
/** The days the rate is read over: a week, so a quiet weekend does not hide a busy Monday. */
const RATE_DAYS = 7;
/** How long one reading of the rate is believed: it moves by the day, and costs a week's rows. */
const RATE_STANDS_MS = 10 * 60_000;
/**
 * What one lead costs the outbox besides its text and files: its row's other columns, its
 * indexes, its files' rows, its idempotency key and notifications, the files' blocks rounded up.
 * `npm run bench -- outage` measured 4.5 KiB a lead besides its files, its text included, with
 * 1,400 leads waiting (BENCHMARKS.md, "Two weeks of leads waiting"); twice that leaves room for a
 * longer form's indexes and the WAL before a checkpoint.
 */
export const LEAD_OVERHEAD_BYTES = 8 * 1024;

/** What a wait for the platform needs of the outbox's disk, and whether it has it. */
export interface RoomForecast {
  /** Leads a day and their bytes in the outbox, at the last week's rate. */
  perDay: { leads: number; bytes: number };
  /** The days a lead is waited for: the retry window. */
  windowDays: number;
  /** What the window's leads need at that rate. */
  neededBytes: number;
  /** Bytes free above the enquiries' reserve; absent for a database server's disk. */
  roomBytes?: number;
  /** The days of leads that room holds at that rate (absent with no room known, or no leads). */
  daysHeld?: number;
  /** The room known, and short of what the window needs. */
  short: boolean;
}

/** Where the forecast is read from. */
export interface ForecastSources {
  store: Pick<OperatorView, 'intakeSince'>;
  /** The retry window (`RETRY_GIVE_UP_AFTER_MS`). */
  windowMs: number;
  /** Bytes free above the enquiries' reserve on a local outbox's disk. */
  room?: (() => Promise<number>) | undefined;
  now?: () => number;
}

/** The forecast, its rate read at most every 10 minutes, the room at every ask. */
export function roomForecast({
  store,
  windowMs,
  room,
  now = Date.now,
}: ForecastSources): () => Promise<RoomForecast> {
  let rate: { at: number; perDay: Promise<RoomForecast['perDay']> } | undefined;
  const readRate = async (at: number) => {
    const week = await store.intakeSince(at - RATE_DAYS * DAY_MS);
    if (week.firstAt === null) return { leads: 0, bytes: 0 };
    const days = Math.min(RATE_DAYS, Math.max(1, (at - week.firstAt) / DAY_MS));
    const bytes = week.bytes + week.leads * LEAD_OVERHEAD_BYTES;
    return { leads: week.leads / days, bytes: bytes / days };
  };
  return async () => {
    const at = now();
    if (!rate || at - rate.at >= RATE_STANDS_MS) {
      const reading = { at, perDay: readRate(at) };
      rate = reading;
      // A failed reading is not believed: the next ask reads again.
      reading.perDay.catch(() => {
        if (rate === reading) rate = undefined;
      });
    }
    const perDay = await rate.perDay;
    const windowDays = windowMs / DAY_MS;
    const neededBytes = Math.ceil(perDay.bytes * windowDays);
    const forecast: RoomForecast = { perDay, windowDays, neededBytes, short: false };
    if (!room) return forecast;
    const roomBytes = Math.max(0, await room());
    return {
      ...forecast,
      roomBytes,
      ...(perDay.bytes > 0 ? { daysHeld: roomBytes / perDay.bytes } : {}),
      short: roomBytes < neededBytes,
    };
  };
}

const megabytes = (bytes: number) => `${String(Math.ceil(bytes / 1024 / 1024))} MB`;
const days = (count: number) =>
  `${String(Math.floor(count))} day${Math.floor(count) === 1 ? '' : 's'}`;

/** The forecast in a line, for the log at start. */
export function roomWords(forecast: RoomForecast): string {
  const { perDay, windowDays, roomBytes } = forecast;
  const room =
    roomBytes === undefined ? '' : `; ${megabytes(roomBytes)} free above the enquiries' reserve`;
  return `${days(windowDays)} of leads at today's rate (${perDay.leads.toFixed(1)} a day) need ${megabytes(forecast.neededBytes)}${room}`;
}

/** `/readyz`'s warning: no figure a stranger could read the firm's trade from. */
export function readyWarning(forecast: RoomForecast): string | undefined {
  if (!forecast.short) return undefined;
  return `the outbox's disk holds ${days(forecast.daysHeld ?? 0)} of leads at today's rate, not the ${days(forecast.windowDays)} a platform down is waited for (/admin/status has the figures)`;
}

/** The firm's alert: said the same while it lasts, its figures in the hint. */
export function roomAlert(forecast: RoomForecast): { message: string; hint: string } | undefined {
  if (!forecast.short) return undefined;
  const { perDay, windowDays } = forecast;
  return {
    message: `The outbox's disk has less room than ${days(windowDays)} of leads need at today's rate: were the platform down that long, the disk would fill before the leads are given up.`,
    hint: `${megabytes(forecast.roomBytes ?? 0)} free above the enquiries' reserve holds ${days(forecast.daysHeld ?? 0)} of leads (${perDay.leads.toFixed(1)} a day, ${megabytes(perDay.bytes)} with their files); ${days(windowDays)} need ${megabytes(forecast.neededBytes)}. Give DATA_DIR more room. Nothing is lost meanwhile: as the disk fills, files sent ahead are refused first and enquiries keep their reserve; only a full disk refuses enquiries (503).`,
  };
}
