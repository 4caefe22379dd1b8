/**
 * The figures issue #77 asks for, one row each at the top of BENCHMARKS.md: what visitors feel
 * and what the server pays. Each benchmark records the figure it measures (`recordHeadline`) as
 * it runs; the runner writes this run's beside the figure the issue started from and its target.
 * A run of only some benchmarks keeps the other rows as the last run that measured them left
 * them, each saying when.
 */
import { table } from './report.ts';

/** A row: what is measured, what the issue found on the code it started from, the target. */
interface Headline {
  measure: string;
  before: string;
  target: string;
  /** The benchmark that measures it (`npm run bench -- <name>`). */
  bench: string;
}

const HEADLINES = {
  ready: {
    measure:
      'first input ready, widget beside a plain HTML form, loopback / throttled phone (400 ms, 50 kB/s, CPU 4×)',
    before: '1.44–1.52× / 1.41–1.50×',
    target: '≤ 1.3× / ≤ 1.3×',
    bench: 'speed',
  },
  onePage: {
    measure: 'what a one-page form loads, brotli',
    before: '23,816 B',
    target: 'within 23,699 B',
    bench: 'weight',
  },
  allScript: {
    measure:
      'all JavaScript a one-page form loads from the proxy (the entry as served, the late bundle)',
    before: '24,633 B',
    target: 'within 24,502 B',
    bench: 'weight',
  },
  cpu: {
    measure:
      'proxy CPU per enquiry beside a minimal durable relay (same libraries, flushed before its 202)',
    before: '1.19× (accepted per second 1.40×)',
    target: '≤ 1.0×',
    bench: 'relay',
  },
  files: {
    measure:
      '8 enquiries at once with a 10 MiB file each, as multipart, until the platform holds all eight',
    before: '46–48 MiB/s, proxy memory +1.45× to +2.12× one file',
    target: '≥ 100 MiB/s at ≤ 1.5× one file',
    bench: 'upload',
  },
  tail: {
    measure: 'p99 at 64 connections, a small enquiry, from a client on the same two cores',
    before: '136–171 ms (p50 76 ms)',
    target: '≤ 100 ms',
    bench: 'relay',
  },
} satisfies Record<string, Headline>;

export type HeadlineKey = keyof typeof HEADLINES;

const measured = new Map<HeadlineKey, string>();

/** Notes this run's figure for a row (the benchmark that measures it calls this). */
export function recordHeadline(key: HeadlineKey, figure: string): void {
  measured.set(key, figure);
}

const HEADERS = ['measure', 'issue #77 found', 'target', 'this code', 'measured by'];

/** The rows of the table already written, by their measure (a cell holds no `|`). */
function earlierRows(section: string | undefined): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of (section ?? '').split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length === HEADERS.length && cells[0]) rows.set(cells[0], cells);
  }
  return rows;
}

/** The section, or undefined when this run measured none of its rows. */
export function headlineSection(earlier: string | undefined, when: string): string | undefined {
  if (measured.size === 0) return undefined;
  const before = earlierRows(earlier);
  const rows = (Object.keys(HEADLINES) as HeadlineKey[]).map((key) => {
    const { measure, before: found, target, bench } = HEADLINES[key];
    const figure = measured.get(key);
    if (figure)
      return [measure, found, target, `**${figure}**`, `\`npm run bench -- ${bench}\`, ${when}`];
    return (
      before.get(measure) ?? [
        measure,
        found,
        target,
        'not measured yet',
        `\`npm run bench -- ${bench}\``,
      ]
    );
  });
  return `## What visitors feel and what the server pays (issue #77)

Each figure is written by the benchmark named beside it, in its section below, where its method
is; "issue #77 found" is the code the issue started from (6de3f53), measured on the lead's quiet
machine. A run of only some benchmarks leaves the other rows as they were, with their date.

${table(HEADERS, rows)}`;
}
