/**
 * A document can point outside itself: a picture, frame, object or template that LibreOffice
 * would fetch from a URL or read from the server's disk while converting (and then embed in the
 * PDF sent upstream). Such a document is refused, naming the link; hyperlinks (text a reader
 * may click) stay, since converting never follows them. This is the first of three walls: the
 * worker profile also blocks linked content (`soffice-profile.ts`), and the box has no network
 * and none of the server's files beyond the programs (`sandbox.ts`). A binary .doc cannot be
 * looked through here; the other two walls hold for it.
 */
import { ConversionError } from './conversion.ts';
import { readZipEntry, zipEntries } from './zip-check.ts';

/** The most of one part read for links (a document.xml of a long report is a few MB). */
const MAX_PART_BYTES = 64 * 1024 * 1024;

/** Field codes that pull in a picture, a text or a link from elsewhere (Word and RTF). */
const LINKING_FIELD = /\b(INCLUDEPICTURE|INCLUDETEXT|IMPORT|LINK|DDE|DDEAUTO)\b/i;

/**
 * Why the document must not be converted because it links to something outside it, or
 * undefined when it links to nothing (hyperlinks aside).
 *
 * @example linkProblem('docx', letter) // undefined
 */
export function linkProblem(kind: string, input: Buffer): ConversionError | undefined {
  if (kind === 'docx') return inZip(input, /^word\/.*\.xml(\.rels)?$|^_rels\//, docxLink);
  if (kind === 'odt') return inZip(input, /^(content|styles)\.xml$/, odtLink);
  if (kind === 'rtf') return refusal(rtfLink(input.toString('latin1')));
  return undefined;
}

function inZip(
  input: Buffer,
  parts: RegExp,
  find: (name: string, xml: string) => string | undefined,
): ConversionError | undefined {
  const entries = zipEntries(input);
  if (entries instanceof ConversionError) return entries;
  for (const entry of entries) {
    if (!parts.test(entry.name)) continue;
    if (entry.size > MAX_PART_BYTES)
      return new ConversionError(
        `its part ${entry.name} unpacks to ${String(Math.round(entry.size / (1024 * 1024)))} MB, too much to convert safely`,
        'too_large',
      );
    let xml: string;
    try {
      xml = readZipEntry(input, entry).toString('utf8');
    } catch {
      return new ConversionError(`its part ${entry.name} could not be read`, 'unreadable');
    }
    const link = find(entry.name, xml);
    if (link !== undefined) return refusal(link);
  }
  return undefined;
}

const refusal = (link: string | undefined) =>
  link === undefined
    ? undefined
    : new ConversionError(
        `it links to ${link.slice(0, 120)} outside itself, which is never fetched`,
        'unreadable',
      );

/** An external relationship other than a hyperlink, or a linking field code. */
function docxLink(name: string, xml: string): string | undefined {
  if (name.endsWith('.rels')) {
    for (const [element] of xml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
      const external = /\bTargetMode\s*=\s*["']External["']/i.test(element);
      const hyperlink = /\bType\s*=\s*["'][^"']*\/hyperlink["']/.test(element);
      if (external && !hyperlink) return attribute(element, 'Target') ?? 'an external part';
    }
    return undefined;
  }
  const instructions = [
    ...[...xml.matchAll(/<w:instrText\b[^>]*>([^<]*)</g)].map((match) => match[1] ?? ''),
  ].join('');
  const simple = [...xml.matchAll(/\bw:instr\s*=\s*"([^"]*)"/g)].map((match) => match[1] ?? '');
  const field = [decodeXml(instructions), ...simple.map(decodeXml)].find((text) =>
    LINKING_FIELD.test(text),
  );
  return field === undefined ? undefined : `a field (${field.trim()})`;
}

/** An `href` (any prefix) outside the package, on anything but a hyperlink (`text:a`). */
function odtLink(_name: string, xml: string): string | undefined {
  for (const [element, tag] of xml.matchAll(/<([\w.-]+:)?[\w.-]+\b[^>]*>/g)) {
    const local = element.slice(1 + (tag?.length ?? 0)).split(/[\s/>]/)[0];
    if (local === 'a') continue;
    for (const [, value] of element.matchAll(/\s[\w.-]+:href\s*=\s*["']([^"']*)["']/g)) {
      const target = decodeXml(value ?? '');
      if (outsidePackage(target)) return target;
    }
  }
  return undefined;
}

/** A URL with a scheme, an absolute or parent path: anything but `Pictures/1.png` and `./x`. */
const outsidePackage = (target: string) =>
  /^[a-z][\w+.-]*:|^[/\\]|(^|[/\\])\.\.([/\\]|$)/i.test(target.trim());

/** Linking fields, linked objects and pictures named by a path (`pibName`) in an RTF. */
function rtfLink(rtf: string): string | undefined {
  const decoded = rtf.replace(/\\'([0-9a-f]{2})/gi, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  for (const [, instruction] of decoded.matchAll(/\\fldinst\b([^}]*(?:\{[^}]*\}[^}]*)*)/g)) {
    const text = (instruction ?? '').replace(/\\[a-z]+-?\d* ?|[{}]/gi, '');
    if (LINKING_FIELD.test(text)) return `a field (${text.trim()})`;
  }
  if (/\\objautlink|\\objlink|\\sn\s+pibName/i.test(decoded)) return 'a linked object or picture';
  return undefined;
}

function attribute(element: string, name: string): string | undefined {
  const value = new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`).exec(element)?.[1];
  return value === undefined ? undefined : decodeXml(value);
}

function decodeXml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
