/**
 * File names as the visitor's device gave them are not safe to pass on: they may carry path
 * parts, control characters, or bidi overrides that make `invoice‮fdp.exe` read as
 * `invoiceexe.pdf`. This makes a plain name whose extension matches the sniffed kind.
 */
import { ACCEPTED_KINDS, type AcceptedKind } from '../contract/limits.ts';
import { hasExtensionOf } from '../contract/file-kinds.ts';
import { INVISIBLE_CHARACTERS } from '../contract/text-rules.ts';

/** Longest name kept, in UTF-16 code units, extension included. */
export const MAX_FILE_NAME_LENGTH = 100;

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// Characters that are reserved in file names on common file systems.
const RESERVED = /[<>:"|?*]/g;

const KNOWN_EXTENSIONS = new Set(
  Object.values(ACCEPTED_KINDS).flatMap((kind) => kind.extensions as readonly string[]),
);

/**
 * @example safeFileName('C:\\Users\\ada\\scan.pdf', 'png', 0) // 'scan.png'
 * @example safeFileName('‮fdp.exe', 'pdf', 1) // 'fdp.exe.pdf'
 */
export function safeFileName(original: string, kind: AcceptedKind, index: number): string {
  // Names longer than this are cut before anything else looks at them: bounded work per name.
  const lastSegment = wholeCharacters((original.split(/[/\\]/).pop() ?? '').slice(0, 1024));
  let name = trimEndDotsAndSpaces(
    lastSegment
      .normalize('NFC')
      .replace(CONTROL, '')
      .replace(INVISIBLE_CHARACTERS, '')
      .replace(RESERVED, '_')
      .replace(/\s+/g, ' '),
  ).trimStart();

  const extension = ACCEPTED_KINDS[kind].extensions[0];
  if (!hasExtensionOf(name, kind)) {
    const dot = name.lastIndexOf('.');
    const current = dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
    // A PNG called scan.pdf becomes scan.png; a PDF called "minutes.v2" becomes minutes.v2.pdf.
    name = `${KNOWN_EXTENSIONS.has(current) ? name.slice(0, dot) : name}.${extension}`;
  }
  // Leading dots would hide the file on Unix; a name that is only an extension gets a plain one.
  const dot = name.lastIndexOf('.');
  const stem = name.slice(0, dot).replace(/^[\s.]+/, '');
  name = stem === '' ? `file-${index + 1}.${extension}` : `${stem}${name.slice(dot)}`;
  return truncateKeepingExtension(name);
}

/** Drops trailing spaces and dots with a loop: `/[\s.]+$/` backtracks quadratically on ". . . x". */
function trimEndDotsAndSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && /[\s.]/.test(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

/** Without a high surrogate left alone at the end by a cut. */
const wholeCharacters = (text: string) =>
  /[\ud800-\udbff]$/.test(text) ? text.slice(0, -1) : text;

function truncateKeepingExtension(name: string): string {
  if (name.length <= MAX_FILE_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = name.slice(dot);
  let stem = name.slice(0, MAX_FILE_NAME_LENGTH - extension.length);
  // Never cut a surrogate pair in half.
  stem = wholeCharacters(stem);
  return `${stem.trimEnd()}${extension}`;
}
