/**
 * What the repository's files cite: other files by path (in the manual and the folder maps, and
 * in comments), and sections of the README or a chapter of `docs/` (`docs/production.md, "Your
 * platform"`, or `README, "Set up"`, anywhere, messages included). `citations.test.ts` holds each
 * to a file the clone has and a heading that file has.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, extname, posix } from 'node:path';

/** One citation: where it is, and what it names. */
export interface Citation {
  in: string;
  line: number;
  /** The file named, as written. */
  file: string;
  /** The section named, when there is one. */
  section?: string;
}

/** Files the repository keeps, text only (not the pictures, documents and fonts of the tests). */
export function trackedTextFiles(): string[] {
  // Files not added yet count too: a new chapter is cited before its first commit.
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((path) => path !== '' && path !== 'package-lock.json' && existsSync(path))
    .filter(
      (path) =>
        !/\.(png|jpe?g|gif|heic|avif|webp|tiff?|bmp|docx?|odt|rtf|pdf|woff2?|ico|txt)$/i.test(path),
    );
}

const COMMENTED_AS_IN_C = new Set(['.ts', '.tsx', '.js', '.mjs', '.php', '.css']);
const COMMENTED_WITH_HASH = new Set(['', '.sh', '.yaml', '.yml', '.conf', '.service', '.example']);

/**
 * The text of `path` where a file may be cited: all of a Markdown file, the comments of code
 * (a string in code is a path the code uses, not a citation), and `#` comments of the rest.
 * Each kept line keeps its number; what is not kept is blanked.
 */
function citingText(path: string, text: string): string {
  const ext = extname(path);
  if (ext === '.md') return text;
  const blank = (part: string) => part.replace(/[^\n]/g, ' ');
  if (COMMENTED_AS_IN_C.has(ext)) {
    // A route's pattern (`${base}/*`, '/admin/*') is no comment's start: a comment opens
    // after a space or a line's start, never after a word, a brace or a quote.
    const comment = /(?<![\w}'"`])\/\*[\s\S]*?\*\/|(?<![:"'`\w])\/\/[^\n]*/g;
    let kept = '';
    let from = 0;
    for (const match of text.matchAll(comment)) {
      kept += blank(text.slice(from, match.index)) + match[0];
      from = match.index + match[0].length;
    }
    return kept + blank(text.slice(from));
  }
  if (COMMENTED_WITH_HASH.has(ext) || basename(path) === 'Dockerfile')
    return text
      .split('\n')
      .map((line) => (/^\s*#/.test(line) ? line : blank(line)))
      .join('\n');
  return '';
}

const lineOf = (text: string, at: number) => text.slice(0, at).split('\n').length;

/** A path with a folder or a name of one of these kinds: `proxy/app.ts`, `README.md`, `.ci/run`. */
const FILE =
  /(?<![\w/.@:$*-])((?:\.{1,2}\/)*(?:[\w@.-]+\/)*[\w.-]+\.(?:ts|md|json|mjs|ya?ml|conf|service|php|sh)|\.ci\/[\w-]+|Dockerfile|(?:\.\.\/)+[\w.-]+(?:\/[\w.-]+)*)(?![\w/-])/g;
/** `README, "Set up"`, `README's "Set up"` or `docs/production.md, "Your platform"`. */
const SECTION =
  /(?<![\w/.-])((?:\.{1,2}\/)*(?:[\w-]+\/)*[\w-]+\.md|README)(?:'s|,)\s+["“]([^"”]{2,80})["”]/g;

/** Every file and section the repository's files cite. */
export function citations(paths = trackedTextFiles()): Citation[] {
  const found: Citation[] = [];
  for (const path of paths) {
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(SECTION))
      found.push({
        in: path,
        line: lineOf(text, match.index),
        file: match[1] ?? '',
        // A paragraph or a comment may wrap a heading's words over two lines.
        section: (match[2] ?? '').replace(/\s*\n\s*(?:\*|#|\/\/)?\s*/g, ' ').replace(/\s+/g, ' '),
      });
    const citing = citingText(path, text);
    for (const match of citing.matchAll(FILE)) {
      if (/[\w.-]+:\/\/[^\s)]*$/.test(citing.slice(Math.max(0, match.index - 200), match.index)))
        continue; // part of an address (https://…/x.md)
      found.push({ in: path, line: lineOf(citing, match.index), file: match[1] ?? '' });
    }
  }
  return found;
}

/**
 * The file of the repository a citation in `from` means: the path from the root, from the citing
 * file's folder or one above it (a folder map names its files from its own folder), or a file of
 * that name anywhere when it is named alone; a package's file under `node_modules`.
 */
export function resolveCited(
  from: string,
  cited: string,
  tracked: readonly string[],
): string | undefined {
  // "The README" is the front page, whichever folder cites it.
  if (cited === 'README') return 'README.md';
  const file = cited;
  const folders: string[] = [];
  for (let folder = posix.dirname(from); ; folder = posix.dirname(folder)) {
    folders.push(folder);
    if (folder === '.') break;
  }
  for (const folder of folders) {
    const path = posix.normalize(posix.join(folder, file));
    if (tracked.includes(path) || tracked.some((each) => each.startsWith(`${path}/`))) return path;
  }
  if (!file.includes('/')) return tracked.find((each) => posix.basename(each) === file);
  // Relative to a folder of the kind the citing file is written for (a code sample's import).
  const tail = file.replace(/^(\.{1,2}\/)+/, '');
  const inside = tracked.find((each) => each.endsWith(`/${tail}`));
  if (inside) return inside;
  return existsSync(posix.join('node_modules', file))
    ? posix.join('node_modules', file)
    : undefined;
}

/** The headings of a Markdown file, outside its fenced blocks. */
export function headingsOf(markdown: string): string[] {
  let fenced = false;
  const headings: string[] = [];
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    else if (!fenced && /^#{1,6} /.test(line)) headings.push(line.replace(/^#+ /, '').trim());
  }
  return headings;
}
