/**
 * One file sent ahead of its enquiry by tus 1.0.0 (`/api/uploads`), in chunks, resumably: a
 * dropped connection, a PATCH cut off mid-chunk or the browser going `offline` pauses it, and it
 * goes on from the offset the proxy gives (HEAD) once the connection is back (`online`, or the
 * next try). Its progress and the proxy's verdict on the file are its `state`.
 */
import type { UploadCheck } from '#contract';

/**
 * Bytes per PATCH. On a phone's uplink of 1 Mbit/s with 150 ms latency (Chromium's throttling) a
 * 2 MiB file took 19.0, 17.7, 17.1, 16.7 and 16.5 s in chunks of 128, 256, 512, 1024 and 2048
 * KiB: 512 KiB costs 3 % over one PATCH, while a cut (or a reverse proxy that drops a broken
 * request's body) loses at most the chunk in flight, some 4 s of such an uplink.
 */
const CHUNK_BYTES = 512 * 1024;

/**
 * The proxy's answer while its disk has no more room than enquiries need: the file is sent with
 * the enquiry instead, for which that room is kept.
 */
const NO_ROOM = 507;

/** Waits after a failed request: short first, then up to ten seconds. */
const RETRY_MS = [500, 1000, 3000, 10_000];

/** What an upload is doing, as the file's row shows it. */
export type UploadState =
  | { kind: 'sending'; fraction: number }
  | { kind: 'paused' }
  | { kind: 'checked'; check: UploadCheck }
  /** The proxy no longer has it (expired, or refused): the file must be chosen again. */
  | { kind: 'lost' }
  /** The proxy has no room to keep files ahead (507): the file goes with the enquiry. */
  | { kind: 'withEnquiry' };

/** What a task is told by and tells. */
export interface UploadTaskPorts {
  /** `/api/uploads` on the proxy. */
  endpoint: string;
  formToken(): Promise<string | undefined>;
  /** The language the form is shown in: the proxy says its verdict in it. */
  lang(): string;
  /** Told whenever the state changes (progress included). */
  changed(): void;
  /** Told when the proxy has acknowledged bytes (its creation, a chunk, a HEAD after a cut). */
  acknowledged?(): void;
}

const TUS = { 'Tus-Resumable': '1.0.0' };
const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One file's upload, started at once. */
export class UploadTask {
  state: UploadState = { kind: 'sending', fraction: 0 };
  id: string | undefined;
  /** `Upload-Key`: Send names the upload with it, so a renewed form token does not lose it. */
  key: string | undefined;
  #offset = 0;
  #request: XMLHttpRequest | undefined;
  readonly done: Promise<void>;

  /**
   * Starts sending `file`; with `resume`, an upload made before a reload, which goes on from the
   * offset the proxy gives.
   */
  constructor(
    readonly file: File,
    private readonly ports: UploadTaskPorts,
    resume?: { id: string; key: string },
  ) {
    // Offline: the chunk in flight is stopped at once rather than left to time out.
    addEventListener('offline', () => this.#request?.abort());
    this.id = resume?.id;
    this.key = resume?.key;
    this.done = this.#run(resume !== undefined);
  }

  async #run(resumed: boolean): Promise<void> {
    // Where the proxy is with an upload begun before a reload: what arrived of it is kept there.
    if (resumed) await this.#head().catch(() => undefined);
    for (
      let failures = 0, waits = 0;
      this.state.kind === 'sending' || this.state.kind === 'paused';
    ) {
      if (!navigator.onLine) {
        this.#set({ kind: 'paused' });
        await new Promise((resolve) => {
          addEventListener('online', resolve, { once: true });
        });
      }
      try {
        await (this.id === undefined ? this.#create() : this.#send());
        failures = 0;
        // Every byte is there, but another request is still checking them: ask again in a
        // while, not at once (the proxy answers the verdict once it has one).
        if (this.#offset >= this.file.size && this.state.kind === 'sending')
          await sleep(RETRY_MS[Math.min(waits++, RETRY_MS.length - 1)] ?? 0);
      } catch {
        // Never created and no answer twice: no uploads reachable here (a proxy on another
        // origin without them fails its CORS check alike), so the file goes with the enquiry.
        if (this.id === undefined && failures > 0) this.#set({ kind: 'lost' });
        else this.#set({ kind: 'paused' });
        await sleep(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)] ?? 0);
        // Where the proxy is now: what arrived of the cut chunk is kept there.
        if (this.id !== undefined) await this.#head().catch(() => undefined);
      }
    }
  }

  async #create() {
    const token = (await this.ports.formToken()) ?? '';
    const { file } = this;
    const meta = {
      filename: file.name,
      filetype: file.type,
      form_token: token,
      lang: this.ports.lang(),
    };
    const answer = await fetch(this.ports.endpoint, {
      method: 'POST',
      headers: {
        ...TUS,
        'Upload-Length': String(file.size),
        'Upload-Metadata': Object.entries(meta)
          .map(([key, value]) => `${key} ${b64(value)}`)
          .join(','),
      },
    });
    if (answer.status === NO_ROOM) {
      this.#set({ kind: 'withEnquiry' });
      return;
    }
    // Busy: try again. Anything else but a creation: no uploads here (a proxy without them, a
    // refusal), so the file goes with the enquiry as it always did.
    if (answer.status >= 500 || answer.status === 429) throw new Error(String(answer.status));
    this.id = answer.headers.get('Location')?.split('/').pop();
    this.key = answer.headers.get('Upload-Key') ?? undefined;
    this.#set(
      answer.status === 201 && this.id ? { kind: 'sending', fraction: 0 } : { kind: 'lost' },
    );
    if (this.state.kind === 'sending') this.ports.acknowledged?.();
  }

  async #head() {
    const answer = await fetch(this.#url(), { method: 'HEAD', headers: TUS });
    if (answer.status === 404) {
      this.#set({ kind: 'lost' });
      return;
    }
    this.#offset = Number(answer.headers.get('Upload-Offset'));
    this.#settle(answer.headers.get('Upload-Check'));
    this.ports.acknowledged?.();
  }

  /** One chunk from the offset; its answer's offset (and, for the last, the check) taken. */
  #send() {
    const xhr = (this.#request = new XMLHttpRequest());
    const from = this.#offset;
    const chunk = this.file.slice(from, from + CHUNK_BYTES);
    return new Promise<void>((resolve, reject) => {
      xhr.open('PATCH', this.#url());
      for (const [name, value] of Object.entries(TUS)) xhr.setRequestHeader(name, value);
      xhr.setRequestHeader('Upload-Offset', String(from));
      xhr.setRequestHeader('Content-Type', 'application/offset+octet-stream');
      xhr.upload.onprogress = (event) => {
        this.#set({ kind: 'sending', fraction: (from + event.loaded) / this.file.size });
      };
      xhr.onload = () => {
        if (xhr.status === 404) this.#set({ kind: 'lost' });
        if (xhr.status === NO_ROOM) {
          // What it holds there is let go, for the enquiries the room is kept for.
          void fetch(this.#url(), { method: 'DELETE', headers: TUS }).catch(() => undefined);
          this.#set({ kind: 'withEnquiry' });
          resolve();
          return;
        }
        if (xhr.status !== 204) {
          reject(new Error(String(xhr.status)));
          return;
        }
        this.#offset = Number(xhr.getResponseHeader('Upload-Offset'));
        this.#settle(xhr.getResponseHeader('Upload-Check'));
        this.ports.acknowledged?.();
        resolve();
      };
      xhr.onerror = xhr.onabort = xhr.ontimeout = reject;
      xhr.send(chunk);
    });
  }

  /** The verdict, once the proxy has every byte and has checked them. */
  #settle(header: string | null) {
    if (this.#offset < this.file.size || !header) {
      this.#set({ kind: 'sending', fraction: this.#offset / this.file.size });
      return;
    }
    this.#set({ kind: 'checked', check: JSON.parse(decodeURIComponent(header)) as UploadCheck });
  }

  #set(state: UploadState) {
    if (this.state.kind !== 'lost') this.state = state;
    this.ports.changed();
  }

  #url() {
    return `${this.ports.endpoint}/${this.id ?? ''}`;
  }
}
