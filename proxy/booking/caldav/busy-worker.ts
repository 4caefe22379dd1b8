/**
 * The program of the worker thread that reads calendars' events (`busy-thread.ts` starts it):
 * each read's objects through `busy-events.ts`, the index of the object under way kept in the
 * memory it shares with the main thread (so a read ended at its deadline names the event it was
 * on), then its spans or its fault posted back. It says it is ready once loaded.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { eventSpans } from './busy-events.ts';
import { CalendarFault } from './calendar-fault.ts';
import type { BusyJob, BusyAnswer } from './busy-thread.ts';

const port = parentPort;
if (!port) throw new Error('busy-worker.ts runs as a worker thread (busy-thread.ts)');
const underWay = new Int32Array((workerData as { underWay: SharedArrayBuffer }).underWay);

port.on('message', (job: BusyJob) => {
  let answer: BusyAnswer;
  try {
    answer = {
      id: job.id,
      spans: eventSpans(job.objects, job.from, job.to, job.floatingZone, (index) => {
        Atomics.store(underWay, 0, index);
      }),
    };
  } catch (error) {
    answer = {
      id: job.id,
      fault:
        error instanceof CalendarFault
          ? { kind: error.kind, message: error.message }
          : { kind: 'unreadable', message: `the calendar could not be read (${String(error)})` },
    };
  }
  port.postMessage(answer);
});
port.postMessage('ready');
