/**
 * A draft sealed as the widget seals it (`widget/late/drafts/draft-cipher.ts`): AES-256-GCM
 * under a random key, a random 96-bit IV, written `<iv>.<ciphertext and tag>` in base64url. The
 * page without JavaScript cannot encrypt, so the proxy seals its visitor's draft for it, with a
 * key it makes, writes into the link and forgets; the widget opens either alike.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import type { DraftContent } from '../../contract/drafts.ts';

/** A sealed draft and the key that opens it (base64url). */
export interface Sealed {
  key: string;
  ciphertext: string;
}

/** `content` sealed under a new key. */
export function sealDraft(content: DraftContent): Sealed {
  const key = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([
    cipher.update(JSON.stringify(content), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return {
    key: key.toString('base64url'),
    ciphertext: `${iv.toString('base64url')}.${sealed.toString('base64url')}`,
  };
}
