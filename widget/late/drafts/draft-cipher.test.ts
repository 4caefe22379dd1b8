import { describe, expect, it } from 'vitest';
import { sealDraft } from '../../../proxy/intake/drafts/draft-seal.ts';
import { draftContent, openSealed, TYPED } from '../../../proxy/test/fixtures/drafts.ts';
import { open, randomText, seal } from './draft-cipher.ts';

describe('a draft sealed in the browser', () => {
  it('opens with its key, whichever side sealed it: the widget’s or the page without JavaScript’s', async () => {
    const content = draftContent();
    const key = randomText(32);
    const sealed = await seal(content, key);
    expect(sealed).not.toContain(TYPED);
    expect(openSealed(sealed, key)).toEqual(content);
    const byProxy = sealDraft(content);
    expect(await open(byProxy.ciphertext, byProxy.key)).toEqual(content);
  });

  it('opens with no other key, and not once a character of it has changed', async () => {
    const key = randomText(32);
    const sealed = await seal(draftContent(), key);
    await expect(open(sealed, randomText(32))).rejects.toThrow();
    const [iv = '', body = ''] = sealed.split('.');
    const altered = `${iv}.${(body[0] === 'A' ? 'B' : 'A') + body.slice(1)}`;
    await expect(open(altered, key)).rejects.toThrow();
  });

  it('seals a long form’s draft, too many bytes for one call’s arguments', async () => {
    const notes = 'é'.repeat(200_000);
    const content = draftContent({
      values: { ...draftContent().values, answers: { notes } },
    });
    const key = randomText(32);
    expect(await open(await seal(content, key), key)).toEqual(content);
  });
});
