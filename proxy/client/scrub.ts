/**
 * Keeps the platform's credentials out of every text the proxy keeps: a platform (or a proxy
 * in front of it) may echo the request back, in a 400's status text, an HTML error page or a
 * debugging dump, and that text is logged and stored with the submission. Redaction by key name
 * (the logger's) cannot see a credential inside a string; this can.
 */

/** What the scrubber knows: the login, as configured. */
export interface Credentials {
  username: string;
  password: string;
}

/** Longest upstream text kept for logs and operators. */
const KEPT_TEXT_CHARS = 2048;

const REDACTED = '[redacted]';

/** Every form in which the credentials could come back. */
function secretsOf({ username, password }: Credentials): string[] {
  const passwords = new Set([password, password.replace(/\s+/g, '')]);
  const forms = [username, ...passwords];
  for (const each of passwords) {
    const basic = Buffer.from(`${username}:${each}`, 'utf8').toString('base64');
    forms.push(basic, basic.replace(/=+$/, ''), encodeURIComponent(each));
  }
  // Longest first, so that a password is not half-replaced through a username inside it.
  return [...new Set(forms)].filter((form) => form.length >= 3).sort((a, b) => b.length - a.length);
}

/** Removes the credentials from texts, and keeps them to a readable length. */
export interface Scrubber {
  /**
   * `text` without the credentials (nor any `Basic …` value), then cut to `maxChars`: cut
   * first, and a credential across the cut would keep all but its last characters.
   */
  text(text: string, maxChars?: number): string;
  /** The same for every string inside a parsed JSON value. */
  value(value: unknown): unknown;
}

/**
 * @example createScrubber({ username: 'web', password: 'abcd efgh' }).text('Basic d2ViOmFiY2QgZWZnaA==')
 *   // 'Basic [redacted]'
 */
export function createScrubber(credentials: Credentials): Scrubber {
  const secrets = secretsOf(credentials);
  const clean = (text: string) => {
    let out = text.replace(/\b(Basic|Bearer)\s+[A-Za-z0-9+/=._~-]+/gi, `$1 ${REDACTED}`);
    for (const secret of secrets) out = out.split(secret).join(REDACTED);
    return out;
  };
  const text = (raw: string, maxChars = KEPT_TEXT_CHARS) => {
    const cleaned = clean(raw);
    return cleaned.length > maxChars
      ? `${cleaned.slice(0, maxChars)}… [${cleaned.length - maxChars} more characters]`
      : cleaned;
  };
  const value = (input: unknown): unknown => {
    if (typeof input === 'string') return text(input);
    if (Array.isArray(input)) return input.slice(0, 50).map(value);
    if (typeof input === 'object' && input !== null)
      return Object.fromEntries(
        Object.entries(input)
          .slice(0, 50)
          .map(([key, inner]) => [clean(key), value(inner)]),
      );
    return input;
  };
  return { text, value };
}
