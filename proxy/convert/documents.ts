/**
 * Documents to PDF with LibreOffice, headless, each run in the box (`sandbox.ts`: no network,
 * no secret, none of the server's files, memory and CPU capped, ended with the proxy). Each of
 * N workers has its own profile (two soffice processes must never share one), seeded with
 * settings that block linked content, used by one conversion at a time and made afresh after K
 * conversions or any failure. The output must be a PDF of at least one page. (A document that
 * links outside itself is refused before it gets here: `document-links.ts`.)
 *
 * Transient is not final: a conversion stopped by shutdown, a full temporary disk, a box that
 * would not start or too many documents waiting leave the file to be tried again with its
 * submission (`transient`). A run that timed out or crashed is tried once more at once; the
 * second such run refuses the file.
 */
import { readFile, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { ConvertedKind } from '../contract/limits.ts';
import { ConversionError, type Converted } from './conversion.ts';
import { newFolder, recordBox, removeFolder } from './job-folders.ts';
import { runTool, ToolError } from './run-tool.ts';
import { boxed, JOB_IN_BOX, launcherEnv, PROFILE_IN_BOX, type BoxLimits } from './sandbox.ts';
import { seedProfile } from './soffice-profile.ts';

/** How the documents converter runs. */
export interface DocumentOptions {
  /** The soffice program, as seen inside the box. */
  soffice: string;
  /** The folder of job folders and profiles (`job-folders.ts`). */
  root: string;
  memoryMb: number;
  timeoutMs: number;
  /** Conversions at once. */
  workers: number;
  /** Conversions a worker's profile serves before it is made afresh. */
  recycleAfter: number;
}

interface Worker {
  profile: string | undefined;
  jobs: number;
  busy: boolean;
}

/** LibreOffice's import filter for plain text: UTF-8, whatever the locale guesses. */
const TEXT_FILTER = 'Text (encoded):UTF8,LF,,,';
/**
 * Documents waiting for a worker in memory; more wait in the outbox. A waiting delivery holds
 * one of the deliverer's slots, so few may wait, and other submissions still move.
 */
const MAX_WAITING = 1;
/** Free space under which a failed run is blamed on the disk, not the file. */
const LOW_DISK_BYTES = 32 * 1024 * 1024;

/** A pool of soffice workers. */
export class DocumentConverter {
  readonly #workers: Worker[];
  readonly #waiting: ((worker: Worker) => void)[] = [];
  #closed = false;

  constructor(private readonly options: DocumentOptions) {
    this.#workers = Array.from({ length: Math.max(1, options.workers) }, () => ({
      profile: undefined,
      jobs: 0,
      busy: false,
    }));
  }

  /** A docx, doc, odt, rtf or txt file as a PDF. */
  async convert(input: Buffer, kind: ConvertedKind, signal?: AbortSignal): Promise<Converted> {
    const worker = await this.#take();
    let healthy = false;
    try {
      const pdf = await this.#runTwiceAtMost(worker, input, kind, signal);
      healthy = true;
      return { kind: 'pdf', bytes: pdf };
    } finally {
      await this.#give(worker, healthy);
    }
  }

  async #runTwiceAtMost(
    worker: Worker,
    input: Buffer,
    kind: ConvertedKind,
    signal: AbortSignal | undefined,
  ): Promise<Buffer> {
    try {
      return await this.#inJob(worker, input, kind, signal);
    } catch (error) {
      if (!(error instanceof ToolError && ['timed_out', 'crashed'].includes(error.outcome)))
        throw await this.#asConversionError(error, signal);
      // Once more, from a fresh profile: a passing fault should not cost the file.
      await forgetProfile(worker);
      return await this.#inJob(worker, input, kind, signal).catch(async (again: unknown) => {
        throw await this.#asConversionError(again, signal);
      });
    }
  }

  /** One soffice run in a new job folder, removed afterwards whatever happens. */
  async #inJob(
    worker: Worker,
    input: Buffer,
    kind: ConvertedKind,
    signal: AbortSignal | undefined,
  ): Promise<Buffer> {
    if (worker.profile === undefined) {
      const profile = await newFolder(this.options.root, 'profile');
      worker.profile = profile;
      await seedProfile(profile);
    }
    const profile = worker.profile;
    const job = await newFolder(this.options.root, 'job');
    try {
      await writeFile(join(job, `document.${kind}`), input);
      const [command = 'prlimit', ...args] = boxed(
        [
          this.options.soffice,
          `-env:UserInstallation=file://${PROFILE_IN_BOX}`,
          '--headless',
          '--norestore',
          '--nologo',
          '--nodefault',
          '--nolockcheck',
          ...(kind === 'txt' ? [`--infilter=${TEXT_FILTER}`] : []),
          '--convert-to',
          'pdf:writer_pdf_Export',
          '--outdir',
          JOB_IN_BOX,
          `${JOB_IN_BOX}/document.${kind}`,
        ],
        { job, profile },
        this.#limits(),
      );
      await runTool(command, args, {
        timeoutMs: this.options.timeoutMs,
        signal,
        env: launcherEnv(),
        // The record only helps the next start's sweep (the box dies with the proxy anyway):
        // a full disk must not make it fail the conversion, or the proxy.
        onStart: (pid) => void recordBox(job, pid).catch(() => undefined),
      });
      const pdf = await readFile(join(job, 'document.pdf')).catch(() => {
        throw new ConversionError('LibreOffice could not read it (no PDF written)', 'unreadable');
      });
      await checkPdf(pdf);
      return pdf;
    } finally {
      await removeFolder(job);
    }
  }

  #limits(): BoxLimits {
    return {
      memoryMb: this.options.memoryMb,
      cpuSeconds: Math.ceil(this.options.timeoutMs / 1000),
    };
  }

  /** What a failed run means for the file: refused for good, or to be tried again later. */
  async #asConversionError(error: unknown, signal: AbortSignal | undefined): Promise<unknown> {
    if (signal?.aborted || (error instanceof ToolError && error.outcome === 'aborted'))
      return new ConversionError('the conversion was stopped (the proxy is stopping)', 'transient');
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC' || (await this.#diskLow()))
      return new ConversionError('the temporary disk is full', 'transient');
    if (error instanceof ConversionError) return error;
    if (!(error instanceof ToolError)) return error;
    if (error.outcome === 'not_started')
      return new ConversionError(`the box could not start: ${error.message}`, 'transient');
    if (error.outcome === 'timed_out')
      return new ConversionError(
        `LibreOffice ${error.message.replace(/^\S+ /, '')}, twice`,
        'timed_out',
      );
    if (error.outcome === 'crashed')
      return new ConversionError(
        `LibreOffice stopped on it twice (over its limit of ${String(this.options.memoryMb)} MB or its CPU time, or it crashed)`,
        'too_large',
      );
    return new ConversionError('LibreOffice could not convert it', 'unreadable');
  }

  async #diskLow(): Promise<boolean> {
    const disk = await statfs(this.options.root).catch(() => undefined);
    return disk !== undefined && disk.bavail * disk.bsize < LOW_DISK_BYTES;
  }

  /**
   * Removes the idle workers' profiles (at shutdown). A busy worker's soffice is still writing
   * into its profile (a file converted as it arrived, say): removing it then fails with
   * ENOTEMPTY, so its profile goes when its job ends, or at the next start's sweep.
   */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.#workers.filter((w) => !w.busy).map((w) => forgetProfile(w)));
  }

  #take(): Promise<Worker> {
    const free = this.#workers.find((worker) => !worker.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    if (this.#waiting.length >= MAX_WAITING)
      return Promise.reject(
        new ConversionError('every LibreOffice worker is busy: tried again later', 'transient'),
      );
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  async #give(worker: Worker, healthy: boolean): Promise<void> {
    worker.jobs += 1;
    if (!healthy || this.#closed || worker.jobs >= this.options.recycleAfter)
      await forgetProfile(worker);
    const next = this.#waiting.shift();
    if (next) next(worker);
    else worker.busy = false;
  }
}

/** Removes a worker's profile: its next conversion starts a fresh one. */
async function forgetProfile(worker: Worker): Promise<void> {
  if (worker.profile) await removeFolder(worker.profile);
  worker.profile = undefined;
  worker.jobs = 0;
}

/** A PDF that pdf-lib can open, of one page or more. */
async function checkPdf(bytes: Buffer): Promise<void> {
  const pages = await PDFDocument.load(bytes, { updateMetadata: false })
    .then((pdf) => pdf.getPageCount())
    .catch(() => 0);
  if (pages < 1) throw new ConversionError('LibreOffice wrote no readable page', 'unreadable');
}
