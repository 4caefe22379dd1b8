/**
 * The uploads chunk of the late bundle: each file sent ahead as it is taken (`upload-task.ts`),
 * what its row says (progress, paused, the proxy's verdict), what Send names, and the uploads
 * kept across a reload (sessionStorage beside the draft: ids, names, sizes and verdicts, never
 * bytes). Fetched the first time a file is taken, or when a reload finds uploads kept.
 */
import type { RuleIssue, SniffedKind } from '#contract';
import type { ShownIssue } from '../../issues.ts';
import type { ElementBase } from '../../element-base.ts';
import type { Translator } from '../../i18n.ts';
import type { LatePorts } from '../ports.ts';
import type { FilesToSend } from '../submit-controller.ts';
import { fileList, type ListedFile } from '../file-list.ts';
import { percent } from '../numbers.ts';
import { UPLOAD_STRINGS } from './strings.ts';
import type { Chosen, KeptUpload, Refused } from './chosen.ts';
import { UploadTask, type UploadState, type UploadTaskPorts } from './upload-task.ts';

const TUS = { 'Tus-Resumable': '1.0.0' };

/**
 * The rules `take` checks a file by, from the late bundle, which has the contract: this chunk
 * cannot share it without the build splitting the contract off into a file of its own.
 */
export interface TakeRules {
  /** What kind a file is, from its bytes. */
  sniff(file: File): Promise<SniffedKind>;
  /** What the shared rules say of these files. */
  check(files: readonly Chosen[]): RuleIssue[];
  /** An issue in the visitor's words. */
  show(issue: RuleIssue): ShownIssue;
}

/** The uploads of one form. */
export class Uploads {
  readonly #key: string;
  readonly #ports: UploadTaskPorts;
  readonly #late: LatePorts;

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
    if (taken.length === 0)
      for (const kept of this.#read())
        taken.push({
          file: { name: kept.name, size: kept.size },
          kind: kept.check.status === 'accepted' ? kept.check.kind : 'other',
          upload: kept,
        });
    // Once the enquiry is taken, its uploads are the outbox's: nothing is kept for a reload.
    host.addController({
      hostUpdated: () => {
        if (['delivered', 'queued'].includes(late.state.status.kind)) this.#keep([]);
      },
    });
    host.requestUpdate();
  }

  /**
   * Checks each file the visitor chose or dropped, by its bytes and its size, as the proxy will:
   * one refused goes to `refused` with its reason, one taken to `taken` and is sent ahead at
   * once. What became of them is said once, however many came at once.
   */
  async take(incoming: readonly File[], taken: Chosen[], refused: Refused[], rules: TakeRules) {
    const t = this.#late.t();
    const reasons = new Set<string>();
    const added: string[] = [];
    for (const file of incoming) {
      const chosen: Chosen = { file, kind: await rules.sniff(file) };
      const position = `files[${String(taken.length)}]`;
      const issues = rules.check([...taken, chosen]);
      // Its own problem first; else, when it is one too many, that.
      const issue =
        issues.find((each) => each.field === position) ??
        issues.find((each) => each.field === 'files');
      if (issue) {
        const shown = rules.show(issue);
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

  /** Starts sending a taken file. */
  #start(chosen: Chosen): void {
    const { file } = chosen;
    if (!(file instanceof File)) return;
    const task = new UploadTask(file, {
      ...this.#ports,
      changed: () => {
        const { state, id, key } = task;
        if (state.kind === 'checked' && id)
          this.#keep([
            ...this.#read(),
            { id, key, name: file.name, size: file.size, check: state.check },
          ]);
        this.#ports.changed();
      },
    });
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

  /** Forgets a removed file's upload, and lets the proxy delete it (tus termination). */
  forget({ upload }: Chosen): void {
    const id = upload?.id;
    if (!id) return;
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
