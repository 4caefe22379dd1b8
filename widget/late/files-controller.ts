/**
 * The files a visitor attaches. Each chosen or dropped file is checked at once, by its first
 * bytes and its size, against the same rules the proxy applies. A refused file is listed with
 * a Remove button like the others, marked on its row with its reason (and beside the picker),
 * and holds back sending until it is removed: nothing is left out without the visitor seeing it
 * go. Removing a refused file takes its problem off the screen at once, not at the next Send.
 * A Send waits for the files still being read; a file chosen while the connection is lost (the
 * uploads chunk cannot load) is kept and read at the next choice or Send, which fails until it is.
 *
 * A file taken is sent ahead at once by the uploads chunk (`uploads/`), which also says on its
 * row how far it got and what the proxy made of it, and keeps it across a reload; Send names
 * the uploads instead of carrying their bytes (`forSending`).
 */
import type { ReactiveController } from 'lit';
import type { ElementBase } from '../element-base.ts';
import type { DraftUpload, FormConfig } from '#contract';
import type { Translator } from '../i18n.ts';
import type { ShownIssue } from '../issues.ts';
import type { ListedFile } from './file-list.ts';
import { showIssue } from './show-issue.ts';
import type { Chosen, KeptUpload, Refused } from './uploads/chosen.ts';
import type * as UploadsChunk from './uploads/index.ts';
import type { LatePorts } from './ports.ts';
import { onceUntilFailed } from './once-until-failed.ts';

type Limits = FormConfig['files'];

/** What the files controller reads from its element. */
export interface FilesPorts {
  /** Takes a problem off the screen (its file was removed) until the next press of Send. */
  forget(issue: ShownIssue): void;
  /**
   * The element's words and session: the configured limits and the accepted kinds as people
   * name them (the picker's, from the proxy), once the configuration is loaded; where the chosen
   * files' names are kept with the draft. The uploads chunk works with them too
   * (`uploads/index.ts`).
   */
  late: LatePorts;
}

const ignore = () => undefined;

/** The chosen files of one element, checked as they are chosen. */
export class FilesController implements ReactiveController {
  #chosen: Chosen[] = [];
  /** Files refused when chosen, each with the reason, until the visitor removes them. */
  #refused: Refused[] = [];
  /** A file is being dragged over the drop zone. */
  dragging = false;
  #uploads: UploadsChunk.Uploads | undefined;
  /**
   * Files chosen while the uploads chunk could not load (the connection was lost): kept, and
   * taken with the next files chosen or at the next Send, never left out unseen.
   */
  #unread: File[] = [];
  /** Settles once every file chosen so far is checked and listed (or could not be). */
  #checked: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly host: ElementBase,
    private readonly ports: FilesPorts,
  ) {
    host.addController(this);
    // Fetched when the picker takes focus, so that a file picked is listed at once (a keyboard
    // user tabs on to its Remove button); and after a reload, to list again the files sent ahead.
    host.renderRoot.addEventListener('focusin', (event) => {
      if ((event.target as Element).closest('[part=file-picker]')) void this.#chunk();
    });
    if (ports.late.session.lostFiles.length) void this.#chunk();
  }

  /** The uploads chunk, loaded once; tried again after a failure. */
  #chunk = onceUntilFailed(() =>
    import('./uploads/index.ts').then(
      (chunk) => (this.#uploads = new chunk.Uploads(this.host, this.ports.late, this.#chosen)),
    ),
  );

  hostDisconnected(): void {
    // A drag that was in progress when the element left the page will never see its drop.
    this.dragging = false;
  }

  /**
   * What Send carries: the uploads' ids (once each has its verdict), the other files' bytes.
   * Every file taken was taken by the chunk, which sends it ahead.
   */
  forSending() {
    // A file is listed only by the chunk: without it, none is.
    return this.#uploads?.forSending(this.#chosen) ?? { uploads: [], keys: [], files: [] };
  }

  /** The uploads sent and accepted, with their keys: what a saved enquiry names (`drafts/`). */
  async kept(): Promise<DraftUpload[]> {
    return (await this.#chunk()).kept(this.#chosen);
  }

  /** Lists a saved enquiry's uploads as sent. */
  async adopt(kept: readonly KeptUpload[]) {
    (await this.#chunk()).adopt(kept, this.#chosen);
    this.#changed();
  }

  /** The names of the files listed. */
  get names(): string[] {
    return this.#chosen.map((chosen) => chosen.file.name);
  }

  /** Why the listed refused files were refused. */
  get notices(): readonly ShownIssue[] {
    return this.#refused.map((refused) => refused.issue);
  }

  /**
   * Checks and adds what the visitor chose or dropped: the uploads chunk, which sends them ahead,
   * tells each file's kind, checks it and says what became of it (`uploads/index.ts`'s `take`),
   * with the rules this bundle has.
   */
  add(incoming: readonly File[]): Promise<void> {
    const adding = this.#add(incoming);
    this.#checked = Promise.allSettled([this.#checked, adding]);
    return adding;
  }

  /**
   * Settles once the files chosen so far are checked: a Send pressed while a file is still read
   * must see it, or a refused file would be left out and the enquiry go without it. Files kept
   * for a lost connection are taken now; when they still cannot be, it rejects, and the press
   * fails as any press does when the connection is lost.
   */
  async checked(): Promise<void> {
    await this.#checked;
    if (this.#unread.length === 0) return;
    await this.add([]);
    if (this.#unread.length > 0) throw Error('offline');
  }

  async #add(chosen: readonly File[]) {
    const limits = this.ports.late.session.config?.files;
    const incoming = [...this.#unread, ...chosen];
    if (!limits || incoming.length === 0) return;
    this.#unread = [];
    const uploads = await this.#chunk().catch(ignore);
    if (!uploads) {
      // Kept for the next try; a Send until then fails, saying the connection was lost.
      this.#unread.push(...incoming);
      const { late } = this.ports;
      late.announce(late.t().text('failed.network'));
      return;
    }
    await uploads.take(incoming, this.#chosen, this.#refused, limits, (issue) =>
      showIssue(issue, this.ports.late.t(), limits),
    );
    this.#changed();
  }

  #changed() {
    this.ports.late.session.rememberFiles(this.names);
    this.host.requestUpdate();
  }

  /** Removes the file at `index` of the list (the chosen ones first), and its problem. */
  remove(index: number) {
    const accepted = this.#chosen.length;
    const [removed] =
      index < accepted ? this.#chosen.splice(index, 1) : this.#refused.splice(index - accepted, 1);
    if (removed) {
      if ('issue' in removed) this.ports.forget(removed.issue);
      else this.#uploads?.forget(removed);
      const { late } = this.ports;
      late.announce(late.t().text('fileRemoved', { name: removed.file.name }));
    }
    this.#changed();
  }

  /**
   * Problems to show on submit: the refused files still listed, and the list checked again (the
   * limits may have changed since).
   */
  problems(limits: Limits, t: Translator): ShownIssue[] {
    // A file is only ever chosen through the uploads chunk, which checks the list (by the rules
    // it brings: every form that never picks a file is spared them).
    const current = (this.#uploads?.check(this.#chosen, limits) ?? []).map((issue) =>
      showIssue(issue, t, limits),
    );
    return [...this.notices, ...this.#rows(t).flatMap((row) => row.issue ?? []), ...current];
  }

  /**
   * The list of chosen and refused files, when there are any, the refused with their problem:
   * drawn by the uploads chunk, which the first file picked fetches.
   */
  list(t: Translator) {
    return this.#uploads?.list([...this.#rows(t), ...this.#refused], t, (index) => {
      this.#removeAndFocus(index);
    });
  }

  /** The taken files' rows: how each upload goes, or the proxy's refusal of it. */
  #rows(t: Translator): ListedFile<ShownIssue>[] {
    return this.#uploads?.rows(this.#chosen, t) ?? this.#chosen;
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
