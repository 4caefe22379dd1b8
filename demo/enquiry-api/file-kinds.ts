/**
 * The file kinds the platform takes (spec section 8: pdf, png, gif, jpeg), written from the spec
 * alone: the stand-in shares no code with the proxy, so a bug in the proxy's own sniffing shows
 * up here as a refused upload instead of being agreed with.
 */

/** An accepted kind: the media type clients send, and how its files begin. */
interface Kind {
  mime: string;
  /** Any of these byte prefixes marks the kind. */
  magic: readonly (readonly number[])[];
}

const bytes = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

/** The accepted kinds by name. */
const ACCEPTED_KINDS: Readonly<Record<string, Kind>> = Object.freeze({
  pdf: { mime: 'application/pdf', magic: [bytes('%PDF-')] },
  png: { mime: 'image/png', magic: [[0x89, ...bytes('PNG\r\n'), 0x1a, 0x0a]] },
  gif: { mime: 'image/gif', magic: [bytes('GIF87a'), bytes('GIF89a')] },
  jpeg: { mime: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]] },
});

/** The kind a media type names, if the platform takes it (parameters and case ignored). */
export function kindOfMime(mime: string): string | undefined {
  const bare = (mime.split(';')[0] ?? '').trim().toLowerCase();
  return Object.keys(ACCEPTED_KINDS).find((name) => ACCEPTED_KINDS[name]?.mime === bare);
}

/**
 * True when the contents begin as files of `kind` do.
 *
 * @example contentsAre(Buffer.from('%PDF-1.7'), 'pdf') // true
 */
export function contentsAre(contents: Uint8Array, kind: string): boolean {
  const magic = ACCEPTED_KINDS[kind]?.magic ?? [];
  return magic.some((prefix) => prefix.every((byte, i) => contents[i] === byte));
}
