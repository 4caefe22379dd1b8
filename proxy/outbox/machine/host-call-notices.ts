/**
 * A host's emails about one call, coalesced (issue 84, finding 2): however often a visitor
 * presses their call's link, its host gets a handful. The first change a visitor makes is told
 * at once; one they make within `HOST_NOTICE_GAP_MS` of the host's last email about it waits
 * until that long after it, and joins any still waiting, so that a string of presses is one
 * email saying where the call is now and where it was before them (its "Was:" line kept). Its
 * key ends `:visitor`. Staff's changes are the firm's own, told each at once.
 */
import type { NewNotification, QueuedNotification } from '../notification.ts';
import { notifications } from './notifications.ts';
import { run, type Dialect, type Plan } from './plan.ts';

/** The least time between two emails to a host about one call a visitor keeps changing. */
export const HOST_NOTICE_GAP_MS = 10 * 60_000;

/** A host notice's text as `booking/call-changes.ts` writes it. */
interface NoticeText {
  text?: unknown;
}

/** The "Was: …" line of a notice's text, if it has one. */
function wasLine(payload: unknown): string | undefined {
  const text = (payload as NoticeText | null)?.text;
  return typeof text === 'string' ? /^Was: .*$/m.exec(text)?.[0] : undefined;
}

/** The host-notice statements, in `d`'s spelling. */
export function hostCallNotices(d: Dialect) {
  const queue = notifications(d);
  return {
    /**
     * Queues `notice`, a visitor's change to the call `uid`, at `at`: at once, or joined to the
     * one still waiting, or waiting until the gap after the last one sent is over.
     */
    *queueVisitorNotice(notice: NewNotification, uid: string, at: number): Plan<void> {
      const earlier = (yield* queue.notificationsWhere(
        `reference = @reference AND kind IN ('call.moved', 'call.cancelled')
           AND key LIKE '%:visitor'`,
        { reference: notice.reference ?? null },
      )).filter((row) => row.key.startsWith(`${row.kind}:${uid}:`));
      const waiting = earlier.filter((row) => row.state === 'pending' && row.attempts === 0);
      const last = Math.max(-Infinity, ...earlier.map((row) => row.sentAt ?? row.at));
      // Those still waiting go: this one says where the call is now, and where it was first, at
      // the time the first of them was due.
      for (const row of waiting) yield* queue.deleteNotificationsWhere('id = @id', { id: row.id });
      const due =
        waiting.length > 0
          ? Math.min(...waiting.map((row) => row.nextAttemptAt))
          : Math.max(at, last + HOST_NOTICE_GAP_MS);
      yield* queue.queueNotifications([{ ...notice, payload: joined(notice, waiting) }]);
      if (due !== at)
        yield* run('UPDATE notifications SET next_attempt_at = @due WHERE key = @key', {
          due,
          key: notice.key,
        });
    },
  };
}

/** `notice`'s payload, its "Was:" line the first of those it replaces. */
function joined(notice: NewNotification, waiting: readonly QueuedNotification[]): unknown {
  const payload = notice.payload as NoticeText & object;
  const first = waiting.map((row) => wasLine(row.payload)).find(Boolean);
  const was = wasLine(payload);
  if (!first || !was || typeof payload.text !== 'string') return payload;
  return { ...payload, text: payload.text.replace(was, first) };
}
