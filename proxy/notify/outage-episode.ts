/**
 * The platform's outages as the firm hears of them: outages within ten minutes of each other are
 * one. A platform that comes and goes every few seconds is one outage to the firm, told when it
 * begins and when it has answered for ten minutes, not two emails a flap (issue #84, finding 5).
 *
 * The outbox keeps the outage in force and the last one ended (`outbox/machine/outage.ts`, as
 * `delivery/outage-watch.ts` writes them); each look of the notifier folds them into the outage
 * the firm was told of, kept in the outbox's settings, so a restart or another instance's
 * notifier carries it on.
 */
import type { OutageEnded, PlatformOutage, Settings } from '../outbox/store.ts';

const SETTING = 'notify.outage';

/**
 * Outages this close together are one: its end is told once the platform has answered this long
 * (`ALERT_OUTAGE_OVER_AFTER_MS`'s default).
 */
export const ONE_OUTAGE_WITHIN_MS = 10 * 60_000;

/** Outages close together, as one. */
export interface OutageEpisode {
  /** When the first of them began. */
  since: number;
  /** How many were seen (each counted once, by when it began). */
  outages: number;
  /** When the latest one counted began. */
  latest: number;
  /** The last moment the platform was known down: the latest end, or the last look during one. */
  downUntil: number;
  /** When the latest one ended, once one has. */
  endedAt: number | null;
  /** The firm was told it began (an outage begun and over between two looks is not told). */
  told: boolean;
}

/** `episode` with an outage that began at `since` and was down until `until`. */
function withOutage(episode: OutageEpisode | null, since: number, until: number): OutageEpisode {
  if (!episode)
    return { since, outages: 1, latest: since, downUntil: until, endedAt: null, told: false };
  const counted = since > episode.latest;
  return {
    ...episode,
    outages: episode.outages + (counted ? 1 : 0),
    latest: counted ? since : episode.latest,
    downUntil: Math.max(episode.downUntil, until),
  };
}

/**
 * The episode once `ended` (the last outage over, if the outbox still holds it) and `outage` (the
 * one in force) are folded into it, at `now`. An end from before the episode began is an older
 * one's, already told.
 */
export function foldOutages(
  episode: OutageEpisode | null,
  outage: PlatformOutage | null,
  ended: OutageEnded | null,
  now: number,
): OutageEpisode | null {
  let next = episode;
  if (ended && (!next || ended.since >= next.since)) {
    next = withOutage(next, ended.since, ended.endedAt);
    next = { ...next, endedAt: Math.max(next.endedAt ?? 0, ended.endedAt) };
  }
  if (outage) next = withOutage(next, outage.since, now);
  return next;
}

/** Where the episode is kept. */
export type EpisodeStore = Settings;

/** The episode the firm is being told of, if any. */
export async function readEpisode(store: EpisodeStore): Promise<OutageEpisode | null> {
  const saved = await store.getSetting(SETTING);
  return saved ? (JSON.parse(saved) as OutageEpisode | null) : null;
}

/** Keeps `episode` (null: over and told), unless it is what was read. */
export async function keepEpisode(
  store: EpisodeStore,
  before: OutageEpisode | null,
  episode: OutageEpisode | null,
): Promise<void> {
  const value = JSON.stringify(episode);
  if (value !== JSON.stringify(before)) await store.setSetting(SETTING, value);
}
