/**
 * Calendars' events read off the main thread (issue 84, finding 3): an iCalendar rule can ask
 * ical.js for work without end (`FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30` never finds its day, and
 * its iterator never returns), and a read on the main thread would hold every visitor's request
 * meanwhile. One worker thread for the process (`busy-worker.ts`), started at the first read and
 * ended once idle for a while, takes the reads one at a time in the order asked, within a heap
 * of its own. A read past its deadline ends the worker (a new one takes the next read) and is a
 * fault naming the event it was on; that event's text is remembered for an hour, so later reads
 * of it fault at once instead of spending the deadline again each minute, until it changes.
 */
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { EventSpan } from './busy-events.ts';
import { CalendarFault, type FaultKind } from './calendar-fault.ts';

/** One read: the objects a calendar answered, its window, the firm's zone. */
export interface BusyJob {
  id: number;
  objects: readonly string[];
  from: number;
  to: number;
  floatingZone: string;
}

/** What a read is asked, and how long it may take (five seconds unless said). */
export type BusyRead = Omit<BusyJob, 'id'> & { deadlineMs?: number };

/** What the worker answers a read. */
export type BusyAnswer =
  { id: number; spans: EventSpan[] } | { id: number; fault: { kind: FaultKind; message: string } };

/** The heap the worker may hold: ical.js keeps a calendar's four MiB at most as objects. */
const HEAP_MB = 128;
/** How long a read may take: a busy host's three months take a tenth of a second. */
const DEADLINE_MS = 5_000;
/** How long the worker waits for the next read before it ends (reads come each minute). */
const IDLE_MS = 5 * 60_000;
/** How long the worker may take to start (loading ical.js, or compiling it under tsx). */
const START_MS = 60_000;
/** How many events too costly to read are remembered, and for how long (a busy machine's?). */
const REMEMBERED = 256;
const REMEMBERED_MS = 3_600_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const uidIn = (text: string) => /^UID:(.{1,120})/m.exec(text)?.[1]?.trim() ?? 'without a UID';

/** The worker's program: compiled beside this file, or this checkout's source under tsx. */
function startWorker(underWay: SharedArrayBuffer, heapMb: number): Worker {
  const options = {
    workerData: { underWay },
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 },
  };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./busy-worker.js', import.meta.url), options);
  const source = new URL('./busy-worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { ...options, eval: true },
  );
}

/** The reads of one process, one at a time, each within its deadline. */
export class BusyThread {
  #worker: Promise<Worker> | undefined;
  readonly #underWay = new SharedArrayBuffer(4);
  #turn: Promise<unknown> = Promise.resolve();
  #next = 0;
  #idle: ReturnType<typeof setTimeout> | undefined;
  /** Events too costly to read, by the SHA-256 of their object's text: the UID, and until when. */
  readonly #costly = new Map<string, { uid: string; until: number }>();

  /**
   * The spans `read.objects` keep their host busy within its window, read in the worker within
   * `read.deadlineMs`; throws the `CalendarFault` that says why they cannot be.
   */
  read({ deadlineMs = DEADLINE_MS, ...job }: BusyRead): Promise<EventSpan[]> {
    const turn = this.#turn.then(() => this.#read({ ...job, id: (this.#next += 1) }, deadlineMs));
    this.#turn = turn.catch(() => undefined);
    return turn;
  }

  /** Ends the worker (the next read starts another). */
  async stop(): Promise<void> {
    clearTimeout(this.#idle);
    const worker = this.#worker;
    this.#worker = undefined;
    await (await worker?.catch(() => undefined))?.terminate();
  }

  async #read(job: BusyJob, deadlineMs: number): Promise<EventSpan[]> {
    for (const text of job.objects) {
      const known = this.#costly.get(sha256(text));
      if (known && known.until > Date.now()) throw costly(known.uid, deadlineMs);
    }
    clearTimeout(this.#idle);
    const worker = await (this.#worker ??= this.#start());
    worker.ref();
    try {
      return await this.#answer(worker, job, deadlineMs);
    } finally {
      worker.unref();
      this.#idle = setTimeout(() => void this.stop(), IDLE_MS);
      this.#idle.unref();
    }
  }

  #start(): Promise<Worker> {
    const worker = startWorker(this.#underWay, HEAP_MB);
    const started = new Promise<Worker>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new CalendarFault('unreadable', 'the calendar reader did not start'));
      }, START_MS);
      worker.once('message', () => {
        clearTimeout(timer);
        resolve(worker);
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(new CalendarFault('unreadable', `the calendar reader failed (${error.message})`));
      });
    });
    // Once started, a crash is the read's to tell; the next read starts another.
    worker.on('exit', () => {
      if (this.#worker === started) this.#worker = undefined;
    });
    started.catch(() => void worker.terminate());
    return started;
  }

  #answer(worker: Worker, job: BusyJob, deadlineMs: number): Promise<EventSpan[]> {
    return new Promise<EventSpan[]>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', answered);
        worker.off('error', failed);
      };
      const answered = (answer: BusyAnswer) => {
        if (answer.id !== job.id) return;
        done();
        if ('spans' in answer) resolve(answer.spans);
        else reject(new CalendarFault(answer.fault.kind, answer.fault.message));
      };
      const failed = (error: Error & { code?: string }) => {
        done();
        reject(
          new CalendarFault(
            'unreadable',
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? `the calendar needs more than ${String(HEAP_MB)} MB to read`
              : `the calendar could not be read (${error.message})`,
          ),
        );
      };
      const underWay = new Int32Array(this.#underWay);
      const timer = setTimeout(() => {
        done();
        void this.stop();
        const text = job.objects[Atomics.load(underWay, 0)];
        if (text === undefined) {
          reject(new CalendarFault('unreadable', 'the calendar’s events took too long to read'));
          return;
        }
        const uid = uidIn(text);
        if (this.#costly.size >= REMEMBERED)
          this.#costly.delete(this.#costly.keys().next().value ?? '');
        this.#costly.set(sha256(text), { uid, until: Date.now() + REMEMBERED_MS });
        reject(costly(uid, deadlineMs));
      }, deadlineMs);
      worker.on('message', answered);
      worker.once('error', failed);
      // No object is under way until the worker says which: a read it never began blames none.
      Atomics.store(underWay, 0, -1);
      worker.postMessage(job);
    });
  }
}

/** The fault of an event too costly to read. */
const costly = (uid: string, deadlineMs: number) =>
  new CalendarFault(
    'unreadable',
    `the event ${uid} takes more than ${String(deadlineMs / 1000)} s to work out (a rule that repeats without end or cannot be met): it is not read again for an hour unless it changes`,
  );

/** The process's reads. */
export const busyThread = new BusyThread();
