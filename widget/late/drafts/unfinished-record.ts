/**
 * A reminder's link opened (`proxy/intake/unfinished/unfinished-reminders.ts`): the unfinished
 * record the saved enquiry was sealed from becomes this tab's, its box ticked, by the secret and
 * the count the link carried, so the unfinished enquiries' chunk goes on keeping the same record
 * as the form changes (it reads the tab's record as it loads, under the key `recordKey` of
 * `../unfinished/record.ts` makes: written out here, as the two chunks share no module).
 */

/** Makes the record `saved` carries this tab's; nothing for a saved enquiry that is not a reminder's. */
export function adoptRecord(sessionKey: string, saved: unknown): void {
  const carried = (saved as { unfinished?: Record<string, unknown> } | null)?.unfinished;
  const { id, secret, seq } = carried ?? {};
  if (typeof id !== 'string' || typeof secret !== 'string' || typeof seq !== 'number') return;
  try {
    sessionStorage.setItem(
      `enquiry-form:unfinished:${sessionKey}`,
      JSON.stringify({ id, secret, seq }),
    );
  } catch {
    // Without storage, the box starts unticked; the record kept expires on its own.
  }
}
