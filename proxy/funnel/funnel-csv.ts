/**
 * The funnel as CSV (`GET /admin/funnel` with `Accept: text/csv`): one line per row and
 * question (a row without questions has one line with the question columns empty), for a
 * spreadsheet. A cell a spreadsheet would run as a formula is quoted as text.
 */
import type { FunnelResponse } from './funnel-report.ts';

const HEADER = [
  'from',
  'to',
  'caseType',
  'campaign',
  'variant',
  'views',
  'starts',
  'sends',
  'delivered',
  'question',
  'shown',
  'answered',
  'left',
  'errors',
  // Last, so that a sheet reading the columns by position before booking still reads them.
  'offered',
  'booked',
  'cancelled',
  'attended',
  'noShow',
  // After the call's, for the same reason.
  'keptUnfinished',
  'finishedLater',
];

/** One CSV field: formulas defused (OWASP's CSV injection advice), quoted when it must be. */
function field(value: string): string {
  const text = value.replace(/^[=+\-@\t\r]/, "'$&");
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The funnel as CSV text, lines ending in CRLF (RFC 4180). */
export function funnelCsv(funnel: FunnelResponse): string {
  const lines = [HEADER];
  for (const row of funnel.rows) {
    const cell = [
      funnel.from,
      funnel.to,
      row.caseType,
      row.campaign,
      row.variant,
      row.views,
      row.starts,
      row.sends,
      row.delivered,
    ];
    const later = [
      row.offered,
      row.booked,
      row.cancelled,
      row.attended,
      row.noShow,
      row.keptUnfinished,
      row.finishedLater,
    ];
    if (row.questions.length === 0) lines.push([...cell, '', '', '', '', '', ...later].map(String));
    for (const question of row.questions)
      lines.push(
        [
          ...cell,
          question.id,
          question.shown,
          question.answered,
          question.left,
          Object.entries(question.errors)
            .map(([code, n]) => `${code}=${String(n)}`)
            .join(' '),
          ...later,
        ].map(String),
      );
  }
  return lines.map((line) => line.map(field).join(',')).join('\r\n') + '\r\n';
}
