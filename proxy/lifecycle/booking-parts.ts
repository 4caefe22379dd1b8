/**
 * Booking's parts, built from the environment (`docs/booking.md`): the times offered (over the
 * hosts' calendars as last read), the calendars read in the background and written by the
 * outbox's queue, with the key their passwords are sealed with (`CALENDAR_KEY`, else the data
 * directory's key file on SQLite), calls changed by their visitors or staff (the hosts and
 * visitors told by email where it can be sent), and the reminders before calls.
 */
import { BusyCache } from '../booking/busy-cache.ts';
import { CalendarOpener, calendarAdapters } from '../booking/calendar-adapters.ts';
import { isBookingUid } from '../booking/booking-uid.ts';
import { keyWhenMade } from '../booking/calendar-key.ts';
import { HostSignIn } from '../booking/host-sign-in/host-sign-in.ts';
import { CalendarWriter } from '../booking/calendar-writer.ts';
import { CallReminders } from '../booking/call-reminders.ts';
import { meetingHostsNotice } from '../booking/meeting-providers.ts';
import type { CallChangeDeps } from '../booking/call-changes.ts';
import { SlotFinder } from '../booking/slot-finder.ts';
import type { ProxyEnv } from '../env.ts';
import { wordsIn } from '../http/form-language.ts';
import { emailChannelOn } from '../notify/channels.ts';
import type { Logger } from '../logger.ts';
import { storedSecret } from '../outbox/stored-secret.ts';
import type { CurrentForm } from '../studio/live-form.ts';
import type { OpenOutbox } from './open-outbox.ts';

/** What booking adds to the proxy. */
export interface BookingParts {
  slots: SlotFinder;
  /** Booked calls cancelled or moved: the visitor's page, the console's lead page. */
  callChanges: CallChangeDeps;
  /** Hosts connecting their own calendars by signing in, from the console. */
  hostSignIn: HostSignIn;
  /** The calendars' reader and writer, and the calls' reminders: started and stopped with the proxy. */
  calendars: { start(): void; stop(): Promise<void> };
}

/** Booking's parts over `outbox`, for the form `form` serves. */
export async function bookingParts(
  env: ProxyEnv,
  log: Logger,
  form: CurrentForm,
  outbox: Pick<OpenOutbox, 'store' | 'dataDir' | 'owner'>,
): Promise<BookingParts> {
  const { store } = outbox;
  // On PostgreSQL the key must not live beside the database: only CALENDAR_KEY will do. On
  // SQLite the first calendar connected while the proxy runs makes the key file: it is looked
  // for again until it is there.
  const keySource = {
    key: env.CALENDAR_KEY,
    dataDir: env.DATABASE_URL ? undefined : outbox.dataDir,
  };
  const key = keyWhenMade(keySource);
  const found = key();
  const connected = await store.hostCalendars();
  if ('missing' in found && connected.length > 0)
    log.warn({ problem: found.missing }, 'calendars are connected but cannot be read');
  // The hosts whose calendar cannot make the meetings the booking asks: their calls are by telephone.
  const kinds = new Map(connected.map((calendar) => [calendar.address, calendar.kind]));
  const lacking = meetingHostsNotice(form.current().config, kinds);
  if (lacking) log.warn(lacking);
  // One set of adapters for the process: each kind keeps its tokens and its limits there.
  const calendars = new CalendarOpener({ adapters: calendarAdapters(env), key, store });
  const reading = () => ({
    floatingZone: form.current().config.booking?.timeZone ?? 'UTC',
    isOwnBooking: isBookingUid(env.PUBLIC_URL),
  });
  const busy = new BusyCache({
    store,
    calendars,
    reading,
    log: log.child({ part: 'calendars' }),
    now: Date.now,
  });
  const slots = new SlotFinder({ store, calendars: busy, now: Date.now });
  // The confirmations' condition: the visitor is told of a change, and reminded, as they were
  // told of the call.
  const visitors =
    env.SMTP_URL && env.CONFIRMATION_FROM
      ? {
          receiptSecret: await storedSecret(store, 'receipt_secret'),
          wordsIn: (lang: string | undefined) => wordsIn(form.current(), lang),
        }
      : undefined;
  const writer = new CalendarWriter({
    store,
    visitors,
    calendars,
    log: log.child({ part: 'calendar writes' }),
    now: Date.now,
    owner: outbox.owner ?? 'this proxy',
  });
  const hostsTold = emailChannelOn(env);
  const reminders = new CallReminders({
    store,
    form,
    visitors,
    hostsTold,
    publicUrl: env.PUBLIC_URL,
    log: log.child({ part: 'call reminders' }),
    now: Date.now,
  });
  return {
    slots,
    hostSignIn: new HostSignIn({ opener: calendars, store, keySource, reading, now: Date.now }),
    callChanges: {
      store,
      slots,
      form,
      hostsTold,
      visitors,
      publicUrl: env.PUBLIC_URL,
      now: Date.now,
    },
    calendars: {
      start() {
        busy.start();
        writer.start();
        reminders.start();
      },
      async stop() {
        await Promise.all([busy.stop(), writer.stop(), reminders.stop()]);
      },
    },
  };
}
