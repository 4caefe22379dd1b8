/**
 * What the funnel lets into its counters, and how much. Every tally passes here, whichever way
 * it came (a widget's report, a view or a send of the page without JavaScript, an accepted
 * enquiry), because each of them can be made by anyone: a page load is a view.
 *
 * - Reports: 60 a minute from one address; page views of the form without JavaScript: 60 a
 *   minute from one address too; both together, 60,000 a minute from everybody.
 * - New cells (a case type, campaign and variant not yet counted today): 10 a minute from one
 *   address, and 200 a UTC day in all; past either, the campaign is counted as `other`. A
 *   marketer's campaigns are a handful; a script inventing one per request is not.
 * - The disk: while the outbox's disk has less room than enquiries need (`funnelRoom`), the
 *   funnel stops writing and enquiries go on.
 *
 * Kept in this process's memory, like the events route's limits: each instance admits its own
 * 200 new cells a day, counted from its start or from midnight UTC.
 */
import type { Logger } from '../logger.ts';
import { RateLimiter, type Limiter } from '../limiter/token-buckets.ts';
import type { FunnelKey, FunnelTally } from '../outbox/funnel-counts.ts';
import type { FunnelCounters } from '../outbox/store.ts';

/** Reports, and page views, one address may add a minute: a visitor views a few pages, not sixty. */
const VIEWS_PER_CLIENT = 60;
/** Reports and page views a minute from everybody together: a botnet meets a ceiling. */
const VIEWS_FOR_ALL = 60_000;
/** New cells one address may open a minute. */
const NEW_CELLS_PER_CLIENT = 10;
/** New cells a UTC day, everybody together. */
export const NEW_CELLS_PER_DAY = 200;
/** The campaign a cell past the caps is counted in. */
const FOLDED_CAMPAIGN = 'other';

/** What the funnel's admission reads. */
export interface FunnelAdmissionDeps {
  store: Pick<FunnelCounters, 'addFunnelTally'>;
  log: Logger;
  now: () => number;
  /**
   * False while the outbox's disk has less room than enquiries need: the funnel's writes stop
   * first. Without it (PostgreSQL watches its own disk; tests), there is always room.
   */
  funnelRoom?: (() => Promise<boolean>) | undefined;
}

/**
 * The gate of the funnel's counters: one per app, shared by every route that counts.
 *
 * @example if (await funnel.admitView(client)) await funnel.add(pageViewTally(key), client);
 */
export class FunnelAdmission {
  /** Reports from one address (the events route answers 429 past it). */
  readonly perClient: Limiter;
  /** Reports and page views from everybody together. */
  readonly forAll: Limiter;
  readonly #pageViews: RateLimiter;
  readonly #newCells: RateLimiter;
  readonly #known = new Set<string>();
  #day = '';
  #roomless = false;

  constructor(private readonly deps: FunnelAdmissionDeps) {
    this.perClient = new RateLimiter('per-client', VIEWS_PER_CLIENT, deps.now);
    this.forAll = new RateLimiter('global', VIEWS_FOR_ALL, deps.now);
    this.#pageViews = new RateLimiter('page-views', VIEWS_PER_CLIENT, deps.now);
    this.#newCells = new RateLimiter('funnel-new-cells', NEW_CELLS_PER_CLIENT, deps.now);
  }

  /**
   * True when a page view from `client` is within the allowances; a view past them is still
   * answered with its page, only not counted.
   */
  async admitView(client: string): Promise<boolean> {
    if (!this.#pageViews.take(client).allowed) return false;
    if ((await this.forAll.take()).allowed) return true;
    this.#pageViews.giveBack(client);
    return false;
  }

  /**
   * The cell `key` is counted in for `client`: its own when counted already today or within
   * the caps on new cells; else the same with its campaign folded into `other`.
   */
  cellFor(key: FunnelKey, client: string): FunnelKey {
    if (key.day !== this.#day) {
      this.#day = key.day;
      this.#known.clear();
    }
    // Folded cells are as few as case types and variants: they need no allowance.
    const cell = JSON.stringify([key.caseType, key.campaign, key.variant]);
    if (key.campaign === FOLDED_CAMPAIGN || this.#known.has(cell)) return key;
    if (this.#known.size < NEW_CELLS_PER_DAY && this.#newCells.take(client).allowed) {
      this.#known.add(cell);
      return key;
    }
    return { ...key, campaign: FOLDED_CAMPAIGN };
  }

  /** Adds a tally from `client` to its admitted cell; false when the disk has no room for it. */
  async add(tally: FunnelTally, client: string): Promise<boolean> {
    if (!(await this.room())) return false;
    await this.deps.store.addFunnelTally({ ...tally, ...this.cellFor(tally, client) });
    return true;
  }

  /**
   * The admitted cell an enquiry about to be stored will count its delivery in (the outbox
   * notes it with the enquiry, `NewSubmission.funnelCell`), or nothing when the disk has no
   * room for the funnel.
   */
  async cellToExpect(key: FunnelKey, client: string): Promise<FunnelKey | undefined> {
    return (await this.room()) ? this.cellFor(key, client) : undefined;
  }

  /** Whether the funnel may write now; the log says once when it stops and once when it resumes. */
  async room(): Promise<boolean> {
    const room = this.deps.funnelRoom ? await this.deps.funnelRoom() : true;
    if (room === this.#roomless) {
      this.#roomless = !room;
      if (room) this.deps.log.info('the funnel counts again: the outbox disk has room');
      else
        this.deps.log.warn(
          'the funnel stopped counting: the outbox disk has no more room than enquiries need',
        );
    }
    return room;
  }
}
