/**
 * A saved enquiry sealed in the browser with WebCrypto, no library: AES-256-GCM under a random
 * key, with a random 96-bit IV for each save, written `<iv>.<ciphertext and tag>` in base64url
 * (the proxy seals the page without JavaScript's drafts the same way:
 * `proxy/intake/drafts/draft-seal.ts`). The key goes into the emailed link's fragment, which no
 * browser sends to a server; the proxy keeps only what this returns.
 */
import type { DraftContent } from '#contract';

/** Bytes as base64url, unpadded (a slice at a time: a long form's draft is too many arguments). */
function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Base64url as bytes; throws on anything else. */
function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** `length` random bytes, as base64url: a key (32), the owner's secret (16). */
export const randomText = (length: number) =>
  toBase64url(crypto.getRandomValues(new Uint8Array(length)));

const keyOf = (key: string, use: KeyUsage) =>
  crypto.subtle.importKey('raw', fromBase64url(key), 'AES-GCM', false, [use]);

/** `content` sealed under `key` (base64url of 32 bytes). */
export async function seal(content: DraftContent, key: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(content));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await keyOf(key, 'encrypt'),
    plain,
  );
  return `${toBase64url(iv)}.${toBase64url(new Uint8Array(sealed))}`;
}

/** What `ciphertext` holds, opened with `key`; rejects when either is not what it was. */
export async function open(ciphertext: string, key: string): Promise<unknown> {
  const [iv = '', body = ''] = ciphertext.split('.');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64url(iv) },
    await keyOf(key, 'decrypt'),
    fromBase64url(body),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
}
