/**
 * What in a PDF can act on its reader's machine, found and removed: JavaScript (document,
 * page, field and open actions), actions that launch programs, open other files, import data
 * or submit a form to an address, embedded files and XFA forms. A fillable form keeps its
 * fields (banks' forms carry scripts; refusing them would lose the lead): only what runs goes.
 *
 * `removeActiveContent` runs inside a worker (`pdf-sandbox.ts`), which evaluates its source
 * text: it must use nothing but its parameters, pdf-lib passed in as `lib`.
 */
import type * as PdfLib from 'pdf-lib';

/** What active content is called, and how a file shows it without being parsed. */
export interface ActiveNames {
  /** Dictionary keys that hold active content. */
  keys: string[];
  /** Action types (`/S`) that act outside the page. */
  actions: string[];
  /** Any of those written out, or a name spelled with #xx escapes (which only hiding needs). */
  written: RegExp;
}

const KEYS = ['JS', 'JavaScript', 'AA', 'EmbeddedFiles', 'EF', 'XFA', 'RichMediaContent'];
const ACTIONS = [
  'JavaScript',
  'Launch',
  'ImportData',
  'SubmitForm',
  'GoToE',
  'GoToR',
  'Rendition',
  'RichMediaExecute',
  'Movie',
  'Sound',
];
const namePattern = (names: string[]) =>
  `/(${names.join('|')})(?![A-Za-z0-9])|/[A-Za-z0-9]*#[0-9A-Fa-f]{2}`;

/** The names `removeActiveContent` looks for (passed to it, as it can import nothing). */
export const ACTIVE_NAMES: ActiveNames = {
  keys: KEYS,
  actions: ACTIONS,
  written: new RegExp(namePattern([...KEYS, ...ACTIONS, 'EmbeddedFile'])),
};

/** Active names written out, or an object stream (compressed objects: no byte shows them). */
const SUSPECT = new RegExp(namePattern([...KEYS, ...ACTIONS, 'EmbeddedFile', 'ObjStm']));

const latin1 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/**
 * Characters of one piece kept with the next: a suspect name split between two pieces is
 * whole in them. Longer than any name that can mean anything (the longest, `RichMediaExecute`,
 * is 48 characters with every letter written as `#xx`).
 */
const SCAN_OVERLAP = 256;

/**
 * Bytes made text at a time. A string of a whole piece (192 KiB read from disk) is too large for
 * V8's young generation: made in the space for large objects, each lived until a full
 * collection, and scanning eight 10 MiB PDFs at once grew the heap by some 25 MiB. Strings of
 * 16 KiB die young, as the pieces they are made of.
 */
const SCAN_WINDOW = 16 * 1024;

/**
 * False when no dictionary in the file can name active content: none is written out and none
 * is compressed. Such a PDF (most of them) is taken as it is without being parsed. The file is
 * read as it streams, one piece in memory at a time.
 */
export async function mayHoldActiveContentIn(
  pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<boolean> {
  let carried = '';
  for await (const piece of pieces) {
    for (let at = 0; at < piece.byteLength; at += SCAN_WINDOW) {
      const text = carried + latin1(piece.subarray(at, at + SCAN_WINDOW));
      if (SUSPECT.test(text)) return true;
      carried = text.slice(-SCAN_OVERLAP);
    }
  }
  return false;
}

/** What the worker answers. */
export type ActiveContentVerdict =
  | { kind: 'clean' }
  | { kind: 'cleaned'; removed: string[]; bytes: Uint8Array }
  | { kind: 'refused'; reason: string };

/**
 * The PDF as it is (`clean`), rewritten without its active content (`cleaned`, naming what
 * went), or `refused` when it cannot be cleaned (encrypted: its password is not ours). It is
 * rewritten too when its parsed objects hold no active content but its bytes name some, or it
 * defines an object twice: a reader may find the version the parser did not keep, and after
 * the rewrite there is only the one that was checked.
 */
export async function removeActiveContent(
  lib: typeof PdfLib,
  bytes: Uint8Array,
  names: ActiveNames,
): Promise<ActiveContentVerdict> {
  const { PDFArray, PDFContext, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream } = lib;
  // Every object the parser reads is assigned to its number: a number seen twice is redefined.
  const numbers = new Set<string>();
  const parsed = { redefined: false };
  // eslint-disable-next-line @typescript-eslint/unbound-method -- wrapped, `this` passed on by call
  const assign = PDFContext.prototype.assign;
  PDFContext.prototype.assign = function (ref, object) {
    parsed.redefined ||= numbers.has(ref.tag);
    numbers.add(ref.tag);
    assign.call(this, ref, object);
  };
  const doc = await PDFDocument.load(bytes, {
    ignoreEncryption: true,
    updateMetadata: false,
    throwOnInvalidObject: false,
  }).finally(() => {
    PDFContext.prototype.assign = assign;
  });
  const { context } = doc;
  const removed = new Set<string>();
  const doomed: PdfLib.PDFRef[] = [];
  const name = (text: string) => PDFName.of(text);

  const clean = (object: PdfLib.PDFObject | undefined, seen: Set<PdfLib.PDFObject>): void => {
    if (object === undefined || seen.has(object)) return;
    seen.add(object);
    if (object instanceof PDFArray) {
      for (const item of object.asArray()) clean(item, seen);
      return;
    }
    const dict = object instanceof PDFStream ? object.dict : object;
    if (!(dict instanceof PDFDict)) return;
    const action = dict.get(name('S'));
    if (action instanceof PDFName && names.actions.includes(action.decodeText())) {
      removed.add(action.decodeText());
      // An action with no type does nothing in any reader.
      for (const key of dict.keys()) dict.delete(key);
      return;
    }
    for (const key of names.keys) {
      if (dict.has(name(key))) {
        removed.add(key);
        dict.delete(name(key));
      }
    }
    for (const [, value] of dict.entries()) clean(value, seen);
  };

  const seen = new Set<PdfLib.PDFObject>();
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    const type = object instanceof PDFStream ? object.dict.get(name('Type')) : undefined;
    if (type instanceof PDFName && type.decodeText() === 'EmbeddedFile') {
      removed.add('EmbeddedFile');
      doomed.push(ref);
    } else {
      clean(object, seen);
    }
  }
  const hidden = parsed.redefined || names.written.test(Buffer.from(bytes).toString('latin1'));
  if (removed.size === 0 && !hidden) return { kind: 'clean' };
  if (context.trailerInfo.Encrypt)
    return { kind: 'refused', reason: 'it is encrypted and carries scripts or attachments' };
  for (const ref of doomed) context.delete(ref);

  // What nothing refers to any more (a script's text, an attachment's bytes) is left out.
  const reachable = new Set<string>();
  const reach = (object: PdfLib.PDFObject | undefined): void => {
    if (object instanceof PDFRef) {
      if (reachable.has(object.tag)) return;
      reachable.add(object.tag);
      reach(context.lookup(object));
    } else if (object instanceof PDFArray) {
      for (const item of object.asArray()) reach(item);
    } else if (object instanceof PDFStream) {
      reach(object.dict);
    } else if (object instanceof PDFDict) {
      for (const [, value] of object.entries()) reach(value);
    }
  };
  reach(context.trailerInfo.Root);
  reach(context.trailerInfo.Info);
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reachable.has(ref.tag)) context.delete(ref);
  }
  const cleaned = await doc.save({ updateFieldAppearances: false });
  return { kind: 'cleaned', removed: [...removed].sort(), bytes: cleaned };
}
