/**
 * Bounds every party agrees on. The widget uses them for `maxlength` and its own checks (for the
 * visitor's comfort); the proxy enforces them (the law). Documented in the field table of docs/configuration.md.
 */

/** The most a visitor may write as their preferred times for a call, when they pick no slot. */
export const PREFERRED_TIMES_MAX = 500;

/** Maximum length, in UTF-16 code units (what the browser's `maxlength` counts), of each field. */
export const FIELD_MAX_LENGTH = /* @__PURE__ */ Object.freeze({
  forename: 100,
  surname: 100,
  email: 254,
  telephone_mobile: 32,
  case_type: 64,
  lead_referer: 200,
  campaign: 200,
  keywords: 500,
  detail: 1000,
  /** An answer to a `text`, `email`, `tel`, `number` or `date` question, unless the question sets less. */
  shortAnswer: 500,
  /** An answer to a `textarea` question, unless the question sets less. */
  longAnswer: 5000,
});

/** At most this many answers in one enquiry (more than any configured case type may ask). */
export const MAX_ANSWERS = 100;

/** The kinds of file the platform accepts (enquiry API spec, section 8), with the mime sent for each. */
const FILE_KINDS = /* @__PURE__ */ Object.freeze({
  pdf: { mime: 'application/pdf', extensions: ['pdf'], label: 'PDF' },
  png: { mime: 'image/png', extensions: ['png'], label: 'PNG' },
  gif: { mime: 'image/gif', extensions: ['gif'], label: 'GIF' },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'JPEG' },
} as const);

/** A kind of file the platform takes. */
export type FileKind = keyof typeof FILE_KINDS;

/**
 * The kinds the proxy converts before delivery (the spec: "converted to PDF where
 * appropriate"): photos to JPEG (a multi-page TIFF to PDF), documents to PDF. Which of them a
 * proxy takes depends on the converters it has: `GET /api/form` lists them in `files.kinds`.
 */
export const CONVERTED_KINDS = /* @__PURE__ */ Object.freeze({
  heic: { mime: 'image/heic', extensions: ['heic', 'heif'], label: 'HEIC', becomes: 'jpeg' },
  avif: { mime: 'image/avif', extensions: ['avif'], label: 'AVIF', becomes: 'jpeg' },
  webp: { mime: 'image/webp', extensions: ['webp'], label: 'WebP', becomes: 'jpeg' },
  tiff: { mime: 'image/tiff', extensions: ['tif', 'tiff'], label: 'TIFF', becomes: 'jpeg' },
  bmp: { mime: 'image/bmp', extensions: ['bmp'], label: 'BMP', becomes: 'jpeg' },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    label: 'Word',
    becomes: 'pdf',
  },
  doc: { mime: 'application/msword', extensions: ['doc'], label: 'Word', becomes: 'pdf' },
  odt: {
    mime: 'application/vnd.oasis.opendocument.text',
    extensions: ['odt'],
    label: 'OpenDocument',
    becomes: 'pdf',
  },
  rtf: { mime: 'application/rtf', extensions: ['rtf'], label: 'RTF', becomes: 'pdf' },
  txt: { mime: 'text/plain', extensions: ['txt'], label: 'text', becomes: 'pdf' },
} as const);

/** A kind of file the proxy converts to one the platform takes. */
export type ConvertedKind = keyof typeof CONVERTED_KINDS;

/** Every kind a visitor may attach, where the proxy has the converters. */
export const ACCEPTED_KINDS = /* @__PURE__ */ Object.freeze({ ...FILE_KINDS, ...CONVERTED_KINDS });

/** A kind of file a visitor may attach: taken as it is, or converted. */
export type AcceptedKind = keyof typeof ACCEPTED_KINDS;

/** True for a kind the platform takes as it is. */
export const isPlatformKind = (kind: AcceptedKind): kind is FileKind => kind in FILE_KINDS;

/**
 * The kinds taken when the configuration does not say: the platform's own. Written out, not
 * `Object.keys(FILE_KINDS)`, so the widget's file checks do not bring the mime table with them;
 * `file-kinds.test.ts` holds the two equal.
 */
export const PLATFORM_KINDS: readonly FileKind[] = /* @__PURE__ */ Object.freeze([
  'pdf',
  'png',
  'gif',
  'jpeg',
]);

/**
 * The `accept` attribute of the file input: mime types and extensions, so phones offer (and
 * convert to) these.
 *
 * @example acceptAttribute(['pdf']) // 'application/pdf,.pdf'
 */
const acceptAttribute = (kinds: readonly AcceptedKind[] = PLATFORM_KINDS): string =>
  kinds
    .flatMap((kind) => {
      const { mime, extensions } = ACCEPTED_KINDS[kind];
      return [mime, ...extensions.map((ext) => `.${ext}`)];
    })
    .join(',');

/** The file hint's sentence on conversion (`PICKER_STRINGS`): which of photos and documents it names. */
export type ConvertedSentence = 'filesConverted' | 'photosConverted' | 'documentsConverted';

/**
 * The hint's sentence for what of `kinds` is converted before delivery: photos (to JPEG),
 * documents (to PDF), both, or nothing; never documents a proxy without LibreOffice refuses.
 */
function convertedSentence(
  kinds: readonly AcceptedKind[] = PLATFORM_KINDS,
): ConvertedSentence | undefined {
  const into = new Set(
    kinds.flatMap((kind) => (isPlatformKind(kind) ? [] : [ACCEPTED_KINDS[kind].becomes])),
  );
  if (into.has('jpeg') && into.has('pdf')) return 'filesConverted';
  if (into.has('jpeg')) return 'photosConverted';
  return into.has('pdf') ? 'documentsConverted' : undefined;
}

/**
 * A kind as people name it: a format's name (PDF, Word) is the same in every language, but a
 * plain text file is named by a word, `textWord` in the visitor's language (the strings'
 * `kind.txt`).
 */
export const kindName = (kind: AcceptedKind, textWord = 'text'): string =>
  kind === 'txt' ? textWord : ACCEPTED_KINDS[kind].label;

/**
 * The kinds as people name them, the last after "or" (in `lang`'s word for it, other than
 * English: `Intl.ListFormat`, `PDF, PNG neu JPEG`), a text file as `textWord`.
 *
 * @example kindList(['pdf', 'png', 'jpeg']) // 'PDF, PNG or JPEG'
 */
export function kindList(
  kinds: readonly AcceptedKind[] = PLATFORM_KINDS,
  lang = 'en',
  textWord?: string,
): string {
  // Word's two kinds (docx, doc) are one name to people.
  const labels = [...new Set(kinds.map((kind) => kindName(kind, textWord)))];
  if (!/^en(-|$)/i.test(lang))
    return new Intl.ListFormat(lang, { type: 'disjunction' }).format(labels);
  const last = labels.pop() ?? '';
  return labels.length > 0 ? `${labels.join(', ')} or ${last}` : last;
}

/** What a file picker shows and accepts: the same for the widget and the form without script. */
export interface FilePicker {
  /** The `accept` attribute: each kind's type and extensions. */
  accept: string;
  /** The kinds as people name them (`kindList`). */
  kinds: string;
  /** What of the kinds is converted before delivery, as the hint's sentence says it; none: nothing. */
  converts?: ConvertedSentence;
}

/**
 * The picker for `kinds`. The proxy sends it with the configuration (`GET /api/form`), so the
 * widget's entry, which every visitor waits for, carries no table of file kinds.
 */
export const filePicker = (
  kinds?: readonly AcceptedKind[],
  lang?: string,
  textWord?: string,
): FilePicker => ({
  accept: acceptAttribute(kinds),
  kinds: kindList(kinds, lang, textWord),
  ...withSentence(convertedSentence(kinds)),
});

/** `{ converts }` when there is a sentence to say (JSON leaves an undefined out anyway). */
const withSentence = (converts: ConvertedSentence | undefined) => (converts ? { converts } : {});

/** Defaults for the `files` block of the form configuration. */
export const DEFAULT_FILE_LIMITS = /* @__PURE__ */ Object.freeze({
  maxFiles: 5,
  maxFileBytes: 10 * 1024 * 1024,
});

/** Hard ceilings a configuration may not exceed, so the proxy's body limit stays bounded. */
export const FILE_LIMIT_CEILINGS = /* @__PURE__ */ Object.freeze({
  maxFiles: 20,
  maxFileBytes: 25 * 1024 * 1024,
});
