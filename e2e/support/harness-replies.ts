/**
 * The pretend proxy's answers in the widget harness (`widget-harness.ts`): a reply a test gives
 * for a route, the usual ones (delivered, queued), one held back until the test lets it go, and
 * how a route is answered with one.
 */
import type { Route } from '@playwright/test';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Drop the connection instead of answering (a network error). */
  abort?: boolean;
  /** Hold the answer until this settles, to look at the form while it waits. */
  until?: Promise<unknown>;
}

export const DELIVERED: Reply = {
  status: 201,
  body: { status: 'delivered', reference: 'ENQ-7Q4M-2K', enquiryId: 4711, files: [] },
};
/** A reply held back until `release()`, to look at the form while it waits for the proxy. */
export function held(reply: Reply): { reply: Reply; release: () => void } {
  let release = () => {};
  const until = new Promise<void>((resolve) => (release = resolve));
  return {
    reply: { ...reply, until },
    release: () => {
      release();
    },
  };
}

export const QUEUED: Reply = { status: 202, body: { status: 'queued', reference: 'ENQ-9X2B-7P' } };

/** Answers `route` with `reply`, once its `until` has settled (or drops the connection). */
export async function answer(route: Route, reply: Reply): Promise<void> {
  await reply.until;
  if (reply.abort) return route.abort('connectionreset');
  return route.fulfill({
    status: reply.status,
    contentType: 'application/json',
    headers: reply.headers ?? {},
    body: JSON.stringify(reply.body ?? {}),
  });
}
