/**
 * `Retry-After` (RFC 9110 section 10.2.3): delay-seconds or an HTTP-date. Read by the client
 * (the platform's answers) and by the widget (the proxy's 409 and 429).
 *
 * @example retryAfterMs('7') // 7000
 * @example retryAfterMs('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('Wed, 21 Oct 2026 07:27:00 GMT')) // 60000
 */
export function retryAfterMs(
  header: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d{1,10}$/.test(value)) return Number(value) * 1000;
  // Only the IMF-fixdate servers send: Date.parse alone would take almost anything for a date.
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value))
    return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
