/**
 * Documents to PDF with LibreOffice, headless. Each of N workers has its own profile directory
 * (two soffice processes must never share one), used by one conversion at a time and made
 * afresh after K conversions or any failure; every conversion runs in a new network namespace
 * where it can (`unshare -rn`: a document's linked images are never fetched), with a timeout,
 * and its output must be a PDF of at least one page.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { ConvertedKind } from '../contract/limits.ts';
import { ConversionError, type Converted } from './conversion.ts';
import { inTempDir, runTool, ToolError } from './run-tool.ts';

/** How the documents converter runs. */
export interface DocumentOptions {
  /** The soffice program. */
  soffice: string;
  /** Prefix that runs a command without network (`unshare -rn`), or none where unavailable. */
  isolate: readonly string[];
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

/** A pool of soffice workers. */
export class DocumentConverter {
  readonly #workers: Worker[];
  readonly #waiting: ((worker: Worker) => void)[] = [];

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
      worker.profile ??= await mkdtemp(join(tmpdir(), 'enquiry-soffice-profile-'));
      const profile = worker.profile;
      const pdf = await inTempDir('enquiry-doc-', (job) =>
        this.#run(input, kind, profile, job, signal),
      );
      healthy = true;
      return { kind: 'pdf', bytes: pdf };
    } finally {
      await this.#give(worker, healthy);
    }
  }

  /** One soffice run in the job directory `job`; the PDF it wrote, checked. */
  async #run(
    input: Buffer,
    kind: ConvertedKind,
    profile: string,
    job: string,
    signal: AbortSignal | undefined,
  ): Promise<Buffer> {
    const source = join(job, `document.${kind}`);
    await writeFile(source, input);
    const [command, ...args] = [
      ...this.options.isolate,
      this.options.soffice,
      `-env:UserInstallation=file://${profile}`,
      '--headless',
      '--norestore',
      '--nologo',
      '--nodefault',
      '--nolockcheck',
      ...(kind === 'txt' ? [`--infilter=${TEXT_FILTER}`] : []),
      '--convert-to',
      'pdf:writer_pdf_Export',
      '--outdir',
      job,
      source,
    ];
    await runTool(command, args, {
      timeoutMs: this.options.timeoutMs,
      signal,
      env: { ...process.env, HOME: job },
    }).catch((error: unknown) => {
      if (!(error instanceof ToolError)) throw error;
      throw new ConversionError(
        error.outcome === 'timed_out'
          ? `LibreOffice ${error.message.replace(/^\S+ /, '')}`
          : 'LibreOffice could not convert it',
        'unreadable',
      );
    });
    const pdf = await readFile(join(job, 'document.pdf')).catch(() => {
      throw new ConversionError('LibreOffice could not read it (no PDF written)', 'unreadable');
    });
    await checkPdf(pdf);
    return pdf;
  }

  /** Removes the workers' profiles (at shutdown). */
  async close(): Promise<void> {
    await Promise.all(this.#workers.map((worker) => forgetProfile(worker)));
  }

  #take(): Promise<Worker> {
    const free = this.#workers.find((worker) => !worker.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  async #give(worker: Worker, healthy: boolean): Promise<void> {
    worker.jobs += 1;
    if (!healthy || worker.jobs >= this.options.recycleAfter) await forgetProfile(worker);
    const next = this.#waiting.shift();
    if (next) next(worker);
    else worker.busy = false;
  }
}

/** Removes a worker's profile: its next conversion starts a fresh one. */
async function forgetProfile(worker: Worker): Promise<void> {
  if (worker.profile) await rm(worker.profile, { recursive: true, force: true });
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
