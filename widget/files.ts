/**
 * The files a visitor attaches. Each chosen or dropped file is checked at once, by its first
 * bytes and its size, against the same rules the proxy applies; a refused file never joins the
 * list, and the reason stays beside the picker until the visitor chooses or removes a file.
 */
import type { LitElement, ReactiveController } from 'lit';
import {
  SNIFF_BYTES,
  sniffKind,
  type SniffedKind,
  checkFiles,
  type FileFacts,
  type FormConfig,
  type RuleIssue,
} from '#contract';
import type { Translator } from './i18n.ts';
import { showIssue, type ShownIssue } from './issues.ts';
import { FILES_CONTROL, type FilesActions } from './templates/files.ts';

type Limits = FormConfig['files'];

/** What the files controller reads from its element. */
export interface FilesPorts {
  t(): Translator;
  /** The configured limits, once the configuration is loaded. */
  limits(): Limits | undefined;
  /** Says something to screen reader users without moving focus. */
  announce(text: string): void;
}

interface Chosen {
  file: File;
  kind: SniffedKind;
}

/** What kind a file is, from its first bytes: its name and the browser's guess can lie. */
async function sniff(file: File): Promise<SniffedKind> {
  const head = await file.slice(0, SNIFF_BYTES).arrayBuffer();
  return sniffKind(new Uint8Array(head));
}

const factsOf = ({ file, kind }: Chosen): FileFacts => ({ name: file.name, size: file.size, kind });

/** The chosen files of one element, checked as they are chosen. */
export class FilesController implements ReactiveController {
  #chosen: Chosen[] = [];
  /** Why files were refused at the last choice. */
  notices: readonly ShownIssue[] = [];
  /** A refusal is listed in the error summary once; after that the visitor has been told. */
  #noticesSummarised = false;
  /** A file is being dragged over the drop zone. */
  dragging = false;

  constructor(
    private readonly host: LitElement,
    private readonly ports: FilesPorts,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    // A drag that was in progress when the element left the page will never see its drop.
    this.dragging = false;
  }

  get files(): readonly File[] {
    return this.#chosen.map((chosen) => chosen.file);
  }

  /** Checks and adds what the visitor chose or dropped. */
  async add(incoming: readonly File[]) {
    const limits = this.ports.limits();
    if (!limits || incoming.length === 0) return;
    const t = this.ports.t();
    const refused: RuleIssue[] = [];
    const added: string[] = [];
    for (const file of incoming) {
      const chosen = { file, kind: await sniff(file) };
      const position = `files[${this.#chosen.length}]`;
      const issues = checkFiles([...this.#chosen, chosen].map(factsOf), limits);
      const own = issues.filter((issue) => issue.field === position);
      const tooMany = issues.find((issue) => issue.field === 'files');
      if (own.length > 0) {
        refused.push(...own);
      } else if (tooMany) {
        // One "too many" is enough however many files were dropped at once.
        if (!refused.some((issue) => issue.code === tooMany.code)) refused.push(tooMany);
      } else {
        this.#chosen.push(chosen);
        added.push(t.text('fileAdded', { name: file.name }));
      }
    }
    this.notices = refused.map((issue) => showIssue(issue, t, limits));
    this.#noticesSummarised = false;
    this.ports.announce([...added, ...this.notices.map((notice) => notice.text)].join('. '));
    this.host.requestUpdate();
  }

  remove(index: number) {
    const [removed] = this.#chosen.splice(index, 1);
    this.notices = [];
    if (removed)
      this.ports.announce(this.ports.t().text('fileRemoved', { name: removed.file.name }));
    this.host.requestUpdate();
  }

  /**
   * Problems to show on submit: the list checked again (the limits may have changed since), and
   * the refusals the visitor has not yet seen in an error summary.
   */
  problems(limits: Limits, t: Translator): ShownIssue[] {
    const current = checkFiles(this.#chosen.map(factsOf), limits).map((issue) =>
      showIssue(issue, t, limits),
    );
    if (this.#noticesSummarised) this.notices = [];
    this.#noticesSummarised = true;
    return [...this.notices, ...current];
  }

  /** The picker's event handlers. */
  readonly actions: FilesActions = {
    open: () => this.host.renderRoot.querySelector<HTMLInputElement>('#files-input')?.click(),
    picked: (event) => {
      const input = event.target as HTMLInputElement;
      const chosen = [...(input.files ?? [])];
      input.value = ''; // so choosing the same file again is still a change
      void this.add(chosen);
    },
    remove: (index) => {
      this.remove(index);
      // The removed button is gone; the picker is the natural place to carry on from.
      void this.host.updateComplete.then(() =>
        this.host.renderRoot.querySelector<HTMLElement>(`#${FILES_CONTROL}`)?.focus(),
      );
    },
    drag: (event) => {
      event.preventDefault();
      const zone = event.currentTarget as HTMLElement;
      // dragleave also fires when the pointer moves onto a child of the zone.
      this.dragging =
        event.type !== 'dragleave' || zone.contains(event.relatedTarget as Node | null);
      this.host.requestUpdate();
    },
    drop: (event) => {
      event.preventDefault();
      this.dragging = false;
      void this.add([...(event.dataTransfer?.files ?? [])]);
      this.host.requestUpdate();
    },
  };
}
