/**
 * The files a visitor attaches. Each chosen or dropped file is checked at once, by its first
 * bytes and its size, against the same rules the proxy applies. A refused file is listed with
 * a Remove button like the others, marked on its row with its reason (and beside the picker),
 * and holds back sending until it is removed: nothing is left out without the visitor seeing it
 * go. Removing a refused file takes its problem off the screen at once, not at the next Send.
 */
import type { ReactiveController } from 'lit';
import type { ElementBase } from '../element-base.ts';
import {
  SNIFF_BYTES,
  SNIFF_TAIL_BYTES,
  sniffKind,
  type SniffedKind,
  checkFiles,
  type FileFacts,
  type FormConfig,
} from '#contract';
import type { Translator } from '../i18n.ts';
import type { ShownIssue } from '../issues.ts';
import { fileList, type ListedFile } from './file-list.ts';
import { showIssue } from './show-issue.ts';

type Limits = FormConfig['files'];

/** What the files controller reads from its element. */
export interface FilesPorts {
  t(): Translator;
  /** The configured limits, once the configuration is loaded. */
  limits(): Limits | undefined;
  /** The accepted kinds as people name them (the picker's, from the proxy). */
  kindNames(): string;
  /** Says something to screen reader users without moving focus. */
  announce(text: string): void;
  /** Told the names of the chosen files whenever they change (kept with the draft). */
  remember(names: string[]): void;
  /** Takes a problem off the screen (its file was removed) until the next press of Send. */
  forget(issue: ShownIssue): void;
}

interface Chosen {
  file: File;
  kind: SniffedKind;
}

/** What kind a file is, from its bytes: its name and the browser's guess can lie. */
async function sniff(file: File): Promise<SniffedKind> {
  const [head, tail] = await Promise.all([
    file.slice(0, SNIFF_BYTES).arrayBuffer(),
    file.slice(-SNIFF_TAIL_BYTES).arrayBuffer(),
  ]);
  return sniffKind(new Uint8Array(head), new Uint8Array(tail));
}

const factsOf = ({ file, kind }: Chosen): FileFacts => ({ name: file.name, size: file.size, kind });

/** The chosen files of one element, checked as they are chosen. */
export class FilesController implements ReactiveController {
  #chosen: Chosen[] = [];
  /** Files refused when chosen, each with the reason, until the visitor removes them. */
  #refused: { file: File; issue: ShownIssue }[] = [];
  /** A file is being dragged over the drop zone. */
  dragging = false;

  constructor(
    private readonly host: ElementBase,
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

  /** Why the listed refused files were refused. */
  get notices(): readonly ShownIssue[] {
    return this.#refused.map((refused) => refused.issue);
  }

  /** Checks and adds what the visitor chose or dropped. */
  async add(incoming: readonly File[]) {
    const limits = this.ports.limits();
    if (!limits || incoming.length === 0) return;
    const t = this.ports.t();
    const refused: ShownIssue[] = [];
    const added: string[] = [];
    for (const file of incoming) {
      const chosen = { file, kind: await sniff(file) };
      const position = `files[${this.#chosen.length}]`;
      const issues = checkFiles(
        [...this.#chosen, chosen].map(factsOf),
        limits,
        this.ports.kindNames(),
      );
      // Its own problem first; else, when it is one too many, that.
      const issue =
        issues.find((each) => each.field === position) ??
        issues.find((each) => each.field === 'files');
      if (issue) {
        const shown = showIssue(issue, t, limits);
        this.#refused.push({ file, issue: shown });
        refused.push(shown);
      } else {
        this.#chosen.push(chosen);
        added.push(t.text('fileAdded', { name: file.name }));
      }
    }
    // One "too many" is said once however many files were dropped at once.
    const reasons = new Set(refused.map((notice) => notice.text));
    this.ports.announce([...added, ...reasons].join('. '));
    this.#changed();
  }

  #changed() {
    this.ports.remember(this.files.map((file) => file.name));
    this.host.requestUpdate();
  }

  /** Removes the file at `index` of the list (the chosen ones first), and its problem. */
  remove(index: number) {
    const accepted = this.#chosen.length;
    const [removed] =
      index < accepted ? this.#chosen.splice(index, 1) : this.#refused.splice(index - accepted, 1);
    if (removed) {
      if ('issue' in removed) this.ports.forget(removed.issue);
      this.ports.announce(this.ports.t().text('fileRemoved', { name: removed.file.name }));
    }
    this.#changed();
  }

  /**
   * Problems to show on submit: the refused files still listed, and the list checked again (the
   * limits may have changed since).
   */
  problems(limits: Limits, t: Translator): ShownIssue[] {
    const current = checkFiles(this.#chosen.map(factsOf), limits, this.ports.kindNames()).map(
      (issue) => showIssue(issue, t, limits),
    );
    return [...this.notices, ...current];
  }

  /** The list of chosen and refused files, when there are any, the refused with their problem. */
  list(t: Translator) {
    const listed: ListedFile[] = [...this.#chosen, ...this.#refused];
    if (listed.length === 0) return undefined;
    return fileList(listed, t, (index) => {
      this.#removeAndFocus(index);
    });
  }

  /** Removes a listed file and puts focus on the picker (the removed button is gone). */
  #removeAndFocus(index: number) {
    this.remove(index);
    void this.host.updateComplete.then(() =>
      // A control's id is its field's name (see show-issue.ts): the picker's is `files`.
      this.host.renderRoot.querySelector<HTMLElement>('#files')?.focus(),
    );
  }

  /** Highlights the drop zone while files are dragged over it. */
  drag(event: DragEvent) {
    const zone = event.currentTarget as HTMLElement;
    // dragleave also fires when the pointer moves onto a child of the zone.
    this.dragging = event.type !== 'dragleave' || zone.contains(event.relatedTarget as Node | null);
    this.host.requestUpdate();
  }

  /** Takes the files dropped on the zone. */
  dropped(files: readonly File[]) {
    this.dragging = false;
    this.host.requestUpdate();
    return this.add(files);
  }
}
