/**
 * The uploads chunk of the late bundle: each file checked as it is chosen, by its bytes and its
 * size as the proxy will (the rules are here, not in the late bundle every form loads), sent
 * ahead as it is taken (`upload-task.ts`), what its row says (progress, paused, the proxy's
 * verdict), what Send names, and the uploads kept across a reload (sessionStorage beside the
 * draft: ids, names, sizes and verdicts, never bytes). Fetched the first time a file is taken,
 * or when a reload finds uploads kept.
 */
import {
  checkFiles,
  sniffKind,
  SNIFF_BYTES,
  SNIFF_TAIL_BYTES,
  type DraftUpload,
  type FormConfig,
  type RuleIssue,
  type SniffedKind,
} from '#contract';
import type { ShownIssue } from '../../issues.ts';
import type { ElementBase } from '../../element-base.ts';
import type { Translator } from '../../i18n.ts';
import type { LatePorts } from '../ports.ts';
import type { FilesToSend } from '../submit-controller.ts';
import { fileList, type ListedFile } from '../file-list.ts';
import { percent } from '../numbers.ts';
import { UPLOAD_STRINGS } from './strings.ts';
import type { Chosen, KeptUpload, Refused } from './chosen.ts';
import { FileKeeper } from './file-keeper.ts';
import { UploadTask, type UploadState, type UploadTaskPorts } from './upload-task.ts';

const TUS = { 'Tus-Resumable': '1.0.0' };

/** What kind a file is, from its bytes: its name and the browser's guess can lie. */
async function sniff(file: File): Promise<SniffedKind> {
  const [head, tail] = await Promise.all([
    file.slice(0, SNIFF_BYTES).arrayBuffer(),
    file.slice(-SNIFF_TAIL_BYTES).arrayBuffer(),
  ]);
  return sniffKind(new Uint8Array(head), new Uint8Array(tail));
}

/** The uploads of one form. */
export class Uploads {
  readonly #key: string;
  readonly #ports: UploadTaskPorts;
  readonly #late: LatePorts;
  /** The bytes of the files on their way, kept for a reload (IndexedDB). */
  readonly #files: FileKeeper;

  /** Lists again in `taken` the uploads that finished before the page was reloaded. */
  constructor(host: ElementBase, late: LatePorts, taken: Chosen[]) {
    late.learnStrings(UPLOAD_STRINGS);
    this.#late = late;
    this.#key = `enquiry-form:uploads:${location.pathname}:${host.id}`;
    this.#ports = {
      endpoint: late.session.url('/api/uploads'),
      formToken: async () => (await late.session.formToken())?.token,
      lang: () => late.t().locale,
      changed: () => {
        host.requestUpdate();
      },
    };
    this.#files = new FileKeeper(this.#key);
    if (taken.length === 0) {
      this.adopt(this.#read(), taken);
      void this.#resume(taken);
    }
    // Once the enquiry is taken, its uploads are the outbox's: nothing is kept for a reload.
    host.addController({
      hostUpdated: () => {
        if (!['delivered', 'queued'].includes(late.state.status.kind)) return;
        this.#keep([]);
        void this.#files.sending().then((all) => all.map((one) => this.#files.drop(one.id)));
      },
    });
    host.requestUpdate();
  }

  /** Lists again, and sends on from the proxy's offset, the files still on their way. */
  async #resume(taken: Chosen[]): Promise<void> {
    for (const sending of await this.#files.sending()) {
      if (taken.some(({ upload }) => upload?.id === sending.id)) continue;
      const chosen: Chosen = { file: sending.file, kind: sending.kind };
      taken.push(chosen);
      this.#start(chosen, sending);
    }
    this.#ports.changed();
  }

  /**
   * Checks each file the visitor chose or dropped, by its bytes and its size, as the proxy will:
   * one refused goes to `refused` with its reason, one taken to `taken` and is sent ahead at
   * once. What became of them is said once, however many came at once.
   */
  async take(
    incoming: readonly File[],
    taken: Chosen[],
    refused: Refused[],
    limits: FormConfig['files'],
    show: (issue: RuleIssue) => ShownIssue,
  ) {
    const t = this.#late.t();
    const reasons = new Set<string>();
    const added: string[] = [];
    for (const file of incoming) {
      const chosen: Chosen = { file, kind: await sniff(file) };
      const position = `files[${String(taken.length)}]`;
      const issues = this.check([...taken, chosen], limits);
      // Its own problem first; else, when it is one too many, that.
      const issue =
        issues.find((each) => each.field === position) ??
        issues.find((each) => each.field === 'files');
      if (issue) {
        const shown = show(issue);
        refused.push({ file, issue: shown });
        // One "too many" is said once however many files were dropped at once.
        reasons.add(shown.text);
      } else {
        taken.push(chosen);
        added.push(t.text('fileAdded', { name: file.name }));
        this.#start(chosen);
      }
    }
    this.#late.announce([...added, ...reasons].join('. '));
  }

  /** What the shared rules say of these files, as the proxy will (the kinds the picker names). */
  check(files: readonly Chosen[], limits: FormConfig['files']): RuleIssue[] {
    return checkFiles(
      files.map(({ file, kind }) => ({ name: file.name, size: file.size, kind })),
      limits,
      this.#late.session.config?.picker.kinds ?? '',
    );
  }

  /**
   * Starts sending a taken file, its bytes kept until it is checked; `resume`: one a reload cut
   * off, picked at `since`, which goes on from the proxy's offset.
   */
  #start(chosen: Chosen, resume?: { id: string; key: string; since: number }): void {
    const { file, kind } = chosen;
    if (!(file instanceof File)) return;
    const since = resume?.since ?? Date.now();
    const task = new UploadTask(
      file,
      {
        ...this.#ports,
        changed: () => {
          const { state, id, key } = task;
          if (state.kind === 'checked' && id)
            this.#keep([
              ...this.#read(),
              { id, key, name: file.name, size: file.size, check: state.check },
            ]);
          if ((state.kind === 'checked' || state.kind === 'lost') && id) void this.#files.drop(id);
          this.#ports.changed();
        },
        acknowledged: () => {
          const { id, key, state } = task;
          if (id && key && state.kind !== 'checked')
            void this.#files.keep({ id, key, file, kind, since });
        },
      },
      resume,
    );
    chosen.upload = task;
  }

  /**
   * What Send carries once every upload has its verdict: their ids and keys (an upload kept from
   * before keys has none: ''), the other files' bytes.
   */
  async forSending(taken: readonly Chosen[]): Promise<FilesToSend> {
    const sending: FilesToSend = { uploads: [], keys: [], files: [] };
    for (const { file, upload } of taken) {
      if (upload instanceof UploadTask) await upload.done;
      if (upload?.id && stateOf(upload).kind === 'checked') {
        sending.uploads.push(upload.id);
        sending.keys.push(upload.key ?? '');
      } else if (file instanceof File) sending.files.push(file);
    }
    return sending;
  }

  /**
   * Each taken file's row: how its upload goes, or the proxy's refusal of it, in the words a
   * refusal of the picker has (`show-issue.ts`, which this chunk cannot share with the late
   * bundle without the build splitting the contract off into a file of its own).
   */
  rows(taken: readonly Chosen[], t: Translator) {
    return taken.map(({ file, upload }, i) => {
      const state = upload && stateOf(upload);
      const row: { file: Chosen['file']; note?: string; issue?: ShownIssue } = { file };
      if (state?.kind === 'sending')
        row.note = t.text('uploading', { percent: percent(t, state.fraction) });
      if (state?.kind === 'paused') row.note = t.text('uploadPaused');
      if (state?.kind === 'withEnquiry') row.note = t.text('uploadWithEnquiry');
      if (state?.kind !== 'checked') return row;
      const { check } = state;
      if (check.status === 'refused')
        row.issue = {
          field: `files[${String(i)}]`,
          code: check.issue.code,
          control: 'files',
          text: t.text(check.issue.messageKey, check.issue.params),
        };
      else
        row.note = check.becomes
          ? t.text(check.converted ? 'uploadConvertedNow' : 'uploadConverted', {
              kind: check.becomes.toUpperCase(),
            })
          : t.text('uploadChecked');
      return row;
    });
  }

  /** The list of taken and refused files, when there are any (`file-list.ts`). */
  list(listed: readonly ListedFile[], t: Translator, remove: (index: number) => void) {
    return listed.length > 0 ? fileList(listed, t, remove) : undefined;
  }

  /**
   * Lists `kept` as taken, each not listed yet, and keeps them for a reload: the uploads that
   * finished before a reload, or those a saved enquiry names (`../drafts/`).
   */
  adopt(kept: readonly KeptUpload[], taken: Chosen[]): void {
    const listed = new Set(taken.map(({ upload }) => upload?.id));
    const adopted = kept.filter((upload) => !listed.has(upload.id));
    for (const upload of adopted)
      taken.push({
        file: { name: upload.name, size: upload.size },
        kind: upload.check.status === 'accepted' ? upload.check.kind : 'other',
        upload,
      });
    const stored = this.#read();
    this.#keep([...stored, ...adopted.filter((a) => !stored.some((s) => s.id === a.id))]);
  }

  /** The uploads sent and accepted, as a saved enquiry names them: with their keys. */
  kept(taken: readonly Chosen[]): DraftUpload[] {
    return taken.flatMap(({ file, upload }) => {
      const state = upload && stateOf(upload);
      return upload?.id &&
        upload.key &&
        state?.kind === 'checked' &&
        state.check.status === 'accepted'
        ? [{ id: upload.id, key: upload.key, name: file.name, size: file.size, check: state.check }]
        : [];
    });
  }

  /** Forgets a removed file's upload, and lets the proxy delete it (tus termination). */
  forget({ upload }: Chosen): void {
    const id = upload?.id;
    if (!id) return;
    void this.#files.drop(id);
    this.#keep(this.#read().filter((kept) => kept.id !== id));
    void fetch(`${this.#ports.endpoint}/${id}`, { method: 'DELETE', headers: TUS }).catch(
      () => undefined,
    );
  }

  #read(): KeptUpload[] {
    try {
      return JSON.parse(sessionStorage.getItem(this.#key) ?? '[]') as KeptUpload[];
    } catch {
      return [];
    }
  }

  #keep(kept: KeptUpload[]) {
    try {
      sessionStorage.setItem(this.#key, JSON.stringify(kept));
    } catch {
      // Storage full or off: the uploads go on; only a reload forgets them.
    }
  }
}

/** A task's state, or a kept upload's (checked before the reload). */
const stateOf = (upload: UploadTask | KeptUpload): UploadState =>
  upload instanceof UploadTask ? upload.state : { kind: 'checked', check: upload.check };
