/**
 * The widget's earlier files, written once for both databases. The late bundle and its chunks
 * are named by their content's hash and cached for a year, and a page can hold an entry from
 * before a deploy (open in a tab, or its cached copy revalidated in the background for a day):
 * that entry asks for the late bundle it was built with, which that late bundle's chunks follow.
 * Each proxy keeps its build's files here, so every instance still serves the files of a build
 * that ran before it, until they were nobody's for `EARLIER_WIDGET_FILES_KEPT_MS`.
 */
import { all, one, run, type Plan } from './plan.ts';

/** One hashed file of a build: its name and its text. */
export interface WidgetFile {
  name: string;
  body: string;
}

/** How long a build's files are kept after the last proxy serving that build said so: 30 days. */
export const EARLIER_WIDGET_FILES_KEPT_MS = 30 * 24 * 3_600_000;

/**
 * Keeps `files`, noting they are current at `at` (a name holds the same text in every build).
 * In order of name: two instances keeping builds that share a chunk lock its row in the same
 * order, so neither waits on the other in a cycle (PostgreSQL).
 */
export function* keepWidgetFiles(files: readonly WidgetFile[], at: number): Plan<void> {
  const byName = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const file of byName)
    yield* run(
      `INSERT INTO widget_files (name, body, current_at) VALUES (@name, @body, @at)
       ON CONFLICT (name) DO UPDATE SET current_at = excluded.current_at`,
      { name: file.name, body: file.body, at },
    );
}

/** The names of every kept file. */
export function* widgetFileNames(): Plan<string[]> {
  return (yield* all<{ name: string }>('SELECT name FROM widget_files')).map((row) => row.name);
}

/** The text of a kept file, or null. */
export function* widgetFile(name: string): Plan<string | null> {
  return (
    (yield* one<{ body: string }>('SELECT body FROM widget_files WHERE name = @name', { name }))
      ?.body ?? null
  );
}

/** Forgets the files no proxy has called current since `before`; returns how many. */
export function* forgetWidgetFiles(before: number): Plan<number> {
  return yield* run('DELETE FROM widget_files WHERE current_at < @before', { before });
}
