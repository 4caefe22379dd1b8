/**
 * Why each enquiry the chaos run created more than once was created again. The outbox's
 * promise (docs/operations-chaos.md) is that a create is sent again only after one whose
 * outcome could not be known: the platform cut the line after creating it, or the answer
 * reached no instance (its sender timed out, or was killed before the answer came), or the
 * instance that had the answer was killed before it could record it: within a second of the
 * answer, or of the database's return when the outbox refused the record because the database
 * was away (the proxy says so, and the run knows when it stopped the database). Any other
 * duplicate (an answer that reached an instance still alive when the enquiry was created again,
 * or one held unrecorded for more than a second while the database was there, whatever the
 * outbox said, or an answer recorded and the enquiry created again all the same) is
 * unexplained, and so is one the proxy did not count as of unknown outcome, in its log and in
 * the lead's record.
 */

/** One create the stand-in holds. */
export interface Create {
  id: number;
  at: number;
  visitor: number;
  /** The stand-in cut the connection after storing it (`dropAfterCreateRate`). */
  dropped: boolean;
}

/** One create answer a proxy logged as it came (`the platform created the enquiry`). */
export interface CreateAnswer {
  reference: string;
  enquiryId: number;
  at: number;
  /** When its instance said the outbox could not take its record, if it did. */
  refusedAt: number | undefined;
  /** When the suite SIGKILLed the instance that had it, if it did. */
  killedAt: number | undefined;
}

/**
 * How long a record of an answer may take once the database is there: an instance killed
 * within this of the answer (or of the database's return) died before it could record it.
 */
const RECORD_MOMENT_MS = 1000;

/** A time the run had the database stopped: from its stop to its start's first connection. */
export interface DatabaseAway {
  from: number;
  to: number;
}

/** A visitor's lead as the outbox holds it at the end. */
export interface Lead {
  visitor: number;
  reference: string;
  enquiryId: number | null;
  unknownCreates: number;
}

/** Why one create was followed by another. */
export type Because =
  | 'the platform cut the line after creating it'
  | 'the answer reached no instance (its sender timed out or was killed)'
  | 'its instance was killed holding the answer'
  | 'UNEXPLAINED: the answer reached an instance alive when it was created again'
  | 'UNEXPLAINED: its instance held the answer unrecorded while the database was there';

/** One enquiry created more than once, and why. */
export interface Duplicate {
  visitor: number;
  reference: string | undefined;
  creates: number[];
  /** Why each create but the last was followed by another. */
  because: Because[];
  /** Creates of unknown outcome the proxy counted: logged, and in the lead's record. */
  counted: { logged: number; recorded: number };
  /**
   * For an answer its instance died holding: how long it held it unrecorded, counted from the
   * database's return when the outbox refused it while the database was away.
   */
  heldMs: number[];
  explained: boolean;
}

/**
 * Since when the outbox could take the record of `answer`, killed at `killedAt`: at once, or,
 * when its instance said the outbox refused it and the database was away meanwhile, once the
 * database was back (never later than the kill). A refusal with the database there (a pool too
 * busy, a statement failing) excuses nothing: nothing else refuses a record in this run.
 */
function recordableFrom(
  answer: CreateAnswer,
  killedAt: number,
  databaseAway: readonly DatabaseAway[],
): number {
  if (answer.refusedAt === undefined) return answer.at;
  const back = databaseAway
    .filter((away) => away.from <= killedAt && away.to >= answer.at)
    .map((away) => Math.min(away.to, killedAt));
  return Math.max(answer.at, ...back);
}

/**
 * Each duplicated enquiry with its explanation. `unknownLogged` counts, per reference, the
 * proxy's lines saying a create's outcome was unknown (timed out or cut, or found sent by an
 * instance that stopped); `databaseAway`, the times the run had the database stopped.
 */
export function explainDuplicates(
  creates: readonly Create[],
  answers: readonly CreateAnswer[],
  leads: readonly Lead[],
  unknownLogged: ReadonlyMap<string, number>,
  databaseAway: readonly DatabaseAway[] = [],
): Duplicate[] {
  const byVisitor = new Map<number, Create[]>();
  for (const create of creates)
    byVisitor.set(create.visitor, [...(byVisitor.get(create.visitor) ?? []), create]);
  const duplicates: Duplicate[] = [];
  for (const [visitor, theirs] of byVisitor) {
    if (theirs.length < 2) continue;
    const sorted = [...theirs].sort((a, b) => a.at - b.at);
    const lead = leads.find((one) => one.visitor === visitor);
    const heldMs: number[] = [];
    const because = sorted.slice(0, -1).map((create, i): Because => {
      const next = sorted[i + 1] ?? create;
      if (create.dropped) return 'the platform cut the line after creating it';
      const answer = answers.find((one) => one.enquiryId === create.id);
      if (!answer) return 'the answer reached no instance (its sender timed out or was killed)';
      const { killedAt } = answer;
      if (killedAt !== undefined && killedAt < next.at) {
        const held = killedAt - recordableFrom(answer, killedAt, databaseAway);
        heldMs.push(held);
        if (held > RECORD_MOMENT_MS)
          return 'UNEXPLAINED: its instance held the answer unrecorded while the database was there';
        return 'its instance was killed holding the answer';
      }
      return 'UNEXPLAINED: the answer reached an instance alive when it was created again';
    });
    const counted = {
      logged: lead ? (unknownLogged.get(lead.reference) ?? 0) : 0,
      recorded: lead?.unknownCreates ?? 0,
    };
    const extra = sorted.length - 1;
    duplicates.push({
      visitor,
      reference: lead?.reference,
      creates: sorted.map((create) => create.id),
      because,
      counted,
      heldMs,
      explained:
        because.every((reason) => !reason.startsWith('UNEXPLAINED')) &&
        // The enquiry recorded (if one is yet) is the last one created: none was recorded and
        // created again.
        (lead?.enquiryId === null || lead?.enquiryId === sorted.at(-1)?.id) &&
        counted.logged >= extra &&
        counted.recorded >= extra,
    });
  }
  return duplicates;
}

/** The figures a run prints: duplicates by reason, and how many are unexplained. */
export function duplicateFigures(duplicates: readonly Duplicate[]) {
  const reasons: Record<string, number> = {};
  for (const reason of duplicates.flatMap((duplicate) => duplicate.because))
    reasons[reason] = (reasons[reason] ?? 0) + 1;
  const held = duplicates.flatMap((duplicate) => duplicate.heldMs);
  return {
    duplicates: duplicates.length,
    explained: duplicates.filter((duplicate) => duplicate.explained).length,
    unexplained: duplicates.filter((duplicate) => !duplicate.explained).length,
    reasons,
    longestHeldMs: held.length > 0 ? Math.max(...held) : null,
  };
}
