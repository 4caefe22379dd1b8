/**
 * What real WordPress sites answer besides the spec's envelopes, and what each answer asks an
 * operator to change. Found on ordinary hosting: core's REST errors for logins (application
 * passwords, a host that strips the Authorization header, a security plugin), `rest_no_route`
 * when the plugin is off or the namespace is wrong, the front page as HTML under plain
 * permalinks, `wp_die` pages when the database is down, and firewalls' own 403 pages.
 */
import type { Answer } from './read-answer.ts';
import { wordpressErrorSchema } from './schemas.ts';

/** The REST error code of a WordPress error body (the spec's 401 included), if it is one. */
export function wordpressCode(answer: Answer): string | undefined {
  const parsed = wordpressErrorSchema.safeParse(answer.json);
  if (!parsed.success) return undefined;
  const { code, data } = parsed.data;
  return typeof code === 'string'
    ? code
    : typeof data?.status === 'string'
      ? data.status
      : undefined;
}

/** A WordPress REST error as core writes them: `code`, `message` and `data` all present. */
export function isWordPressError(answer: Answer): boolean {
  const parsed = wordpressErrorSchema.safeParse(answer.json);
  return parsed.success && parsed.data.message !== undefined && parsed.data.data !== undefined;
}

/** What each login refusal asks the operator to change. */
const LOGIN_HINTS: Readonly<Record<string, string>> = {
  // What WordPress answers for a wrong password, an unknown user, or application passwords
  // turned off alike, unless another plugin made it check the login earlier.
  rest_cannot_access:
    'The platform saw no valid login: the user name or the password is wrong, application passwords are turned off on the site, or the host strips the Authorization header. Check ENQUIRY_API_USERNAME and ENQUIRY_API_PASSWORD (an application password, with or without its spaces).',
  rest_not_logged_in:
    'The platform saw no login at all: the host may strip the Authorization header before WordPress sees it (with Apache, pass it on: SetEnvIf Authorization "(.*)" HTTP_AUTHORIZATION=$1). Check ENQUIRY_API_USERNAME and ENQUIRY_API_PASSWORD too.',
  incorrect_password:
    'The password is wrong for this user. Make a new application password (Users, Profile, Application Passwords) and put it in ENQUIRY_API_PASSWORD, spaces and all.',
  invalid_username:
    'There is no such user. ENQUIRY_API_USERNAME must be the login name (not the display name or the email address, unless the site allows it).',
  invalid_email:
    'There is no user with that email address. Use the login name in ENQUIRY_API_USERNAME.',
  application_passwords_disabled:
    'Application passwords are turned off on the site (by a security plugin or the site’s settings). Turn them on, or use the account’s own password in ENQUIRY_API_PASSWORD.',
  application_passwords_disabled_for_user:
    'Application passwords are turned off for this user. Turn them on for it, or use another account.',
  rest_forbidden:
    'The user is logged in but may not use this route. Give the account the role or capability the platform’s plugin requires.',
  rest_cannot_create:
    'The user is logged in but may not create enquiries. Give the account the role or capability the platform’s plugin requires.',
};

/** A hint for a 401/403: by the WordPress code, or for a firewall's page. */
export function loginHint(status: number, answer: Answer): string {
  const code = wordpressCode(answer);
  if (code && LOGIN_HINTS[code]) return LOGIN_HINTS[code];
  if (status === 403 && answer.json === undefined)
    return 'A firewall in front of the platform refused the request with its own 403 page. Let the proxy’s address (or requests with an Authorization header) through it.';
  return 'The platform refused the login. Check ENQUIRY_API_USERNAME and ENQUIRY_API_PASSWORD.';
}

/** The route is not where `ENQUIRY_API_URL` points. */
export const NO_ROUTE_HINT =
  'There is no such route under ENQUIRY_API_URL: check its namespace and version (like /wp-json/acme/v1), and that the platform’s plugin is active.';

/** Something answers at the address, but not the enquiry API (a web server, another API). */
export const NOT_THE_API_HINT =
  'Something answers at ENQUIRY_API_URL, but it is not the enquiry API: check the address, its namespace and its version against what the platform’s integration manager gave (like https://your-site/wp-json/acme/v1, without /enquiries/create), and that the platform’s plugin is active.';

/** A web page came back where the API should be. */
export const WEB_PAGE_HINT =
  'The address answered with a web page, not the API. If the site has plain permalinks (Settings, Permalinks), the API is at https://your-site/?rest_route=/acme/v1: put that in ENQUIRY_API_URL. Else check the address.';

const DATABASE_DOWN = /Error establishing a database connection/i;

/**
 * WordPress's own error page (`wp_die`, or "Error establishing a database connection"): what
 * it says (its heading, else its title), or undefined when the body is not one. WordPress
 * stopped before any plugin ran, so nothing was created. To a JSON request WordPress says the
 * same as `{"code":"wp_die","message":"<h1>Error establishing a database connection</h1>"}`;
 * other `wp_die` JSON may come from a plugin, after it did its work, so only that one counts.
 */
export function wordPressErrorPage(answer: Answer): string | undefined {
  const parsed = wordpressErrorSchema.safeParse(answer.json);
  if (
    parsed.success &&
    parsed.data.code === 'wp_die' &&
    DATABASE_DOWN.test(parsed.data.message ?? '')
  )
    return 'Error establishing a database connection';
  if (
    !answer.html ||
    (!/id=["']error-page["']|class=["']wp-die-message["']/i.test(answer.text) &&
      !DATABASE_DOWN.test(answer.text))
  )
    return undefined;
  const heading =
    /<h1[^>]*>([^<]{1,200})<\/h1>/i.exec(answer.text) ??
    /<title>([^<]{1,200})<\/title>/i.exec(answer.text);
  return heading?.[1]?.trim() ?? 'WordPress error page';
}
