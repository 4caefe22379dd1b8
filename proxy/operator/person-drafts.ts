/**
 * A person's saved enquiries ("Save and continue later"), for their rights: found and erased by
 * their email address, which the outbox holds only as a keyed hash of its mailbox
 * (`intake/drafts/draft-secrets.ts`). A draft is ciphertext no one here can read; what is shown
 * is when it was saved, until when it is kept, and how many files it keeps. The CLI's `subject`,
 * `subject-export` and `erase --email` use it.
 */
import { removeDraft, type DraftRemoval } from '../intake/drafts/draft-keeper.ts';
import { draftSecrets } from '../intake/drafts/draft-secrets.ts';
import type { DraftStore, DraftSummary } from '../outbox/draft-store.ts';
import type { Settings } from '../outbox/store.ts';
import { storedSecret } from '../outbox/stored-secret.ts';

/** What finding and erasing a person's drafts needs of the outbox. */
export type DraftRights = DraftRemoval & Pick<DraftStore, 'draftsOf'> & Settings;

/** The keyed hashes of this outbox. */
const secretsOf = async (store: Settings) =>
  draftSecrets(await storedSecret(store, 'draft_secret'));

/** The drafts saved for `email`'s mailbox, oldest first. */
export async function draftsOfEmail(store: DraftRights, email: string): Promise<DraftSummary[]> {
  return store.draftsOf((await secretsOf(store)).subjectOf(email));
}

/** Erases the drafts saved for `email`'s mailbox, with their files; answers what was there. */
export async function eraseDraftsOf(store: DraftRights, email: string): Promise<DraftSummary[]> {
  const secrets = await secretsOf(store);
  const drafts = await store.draftsOf(secrets.subjectOf(email));
  for (const draft of drafts) await removeDraft(store, secrets, draft.id);
  return drafts;
}
