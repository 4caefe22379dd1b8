/**
 * WordPress's own answers, which the spec does not show but real sites give: the stand-in can
 * answer with each of them (the `quirk` fault setting), so that the proxy's handling of them
 * runs in every test run, not only against a real WordPress. Each body is as WordPress 6 (or
 * the PHP, the web server, the firewall in front of it) writes it.
 */
import type { Context, MiddlewareHandler } from 'hono';

/** Every quirk, by the name the fault setting and `FAULT_QUIRK` take. */
export const QUIRKS = Object.freeze([
  'none',
  'plain-permalinks',
  'php-warnings',
  'no-route',
  'wp-die',
  'rest_forbidden',
  'rest_not_logged_in',
  'incorrect_password',
  'invalid_username',
  'application_passwords_disabled',
  'waf-403',
] as const);

/** One quirk's name. */
export type Quirk = (typeof QUIRKS)[number];

/** The front page of a small site: what `/wp-json/…` gives when permalinks are plain. */
const FRONT_PAGE = `<!DOCTYPE html>
<html lang="en-GB"><head><meta charset="UTF-8"><title>Lovelace &amp; Byron &#8211; Solicitors</title>
<link rel="stylesheet" href="/wp-includes/css/dist/block-library/style.min.css"></head>
<body class="home blog"><header><h1>Lovelace &amp; Byron</h1></header><main><p>Welcome.</p></main></body></html>`;

/** What `display_errors` prints before the plugin's JSON on cheap hosting. */
export const PHP_WARNING =
  '<br />\n<b>Warning</b>:  Undefined array key "HTTP_REFERER" in <b>/var/www/html/wp-content/plugins/enquiries/enquiries.php</b> on line <b>42</b><br />\n' +
  '<br />\n<b>Deprecated</b>:  Creation of dynamic property Enquiries::$db is deprecated in <b>/var/www/html/wp-content/plugins/enquiries/enquiries.php</b> on line <b>17</b><br />\n';

/**
 * `wp_die()` when MySQL is down: nothing of the plugin ran. WordPress answers a JSON request
 * (by `Accept` or `Content-Type`) with the same message as JSON, anything else with the page.
 */
const DATABASE_DOWN_JSON = {
  code: 'wp_die',
  message: '<h1>Error establishing a database connection</h1>',
  data: { status: 500 },
  additional_errors: [],
};
const DATABASE_DOWN = `<!DOCTYPE html>
<html lang="en-GB"><head><meta charset="utf-8"><title>WordPress &rsaquo; Error</title></head>
<body id="error-page"><div class="wp-die-message"><h1>Error establishing a database connection</h1></div></body></html>`;

/** A web application firewall's refusal, in front of WordPress. */
const FIREWALL_PAGE = `<html><head><title>403 Forbidden</title></head><body>
<h1>Forbidden</h1><p>Request blocked by the web application firewall (ModSecurity rule 949110).</p>
<p>Reference #18.7e2f3c17.1763800000.4a1b2c3d</p></body></html>`;

const wpError = (code: string, message: string, status: number) => ({
  code,
  message,
  data: { status },
});

/** Core's login refusals: the code, the message (which names the user) and the status. */
const LOGIN_REFUSALS = (username: string): Record<string, [object, number]> => ({
  rest_forbidden: [wpError('rest_forbidden', 'Sorry, you are not allowed to do that.', 403), 403],
  rest_not_logged_in: [wpError('rest_not_logged_in', 'You are not currently logged in.', 401), 401],
  incorrect_password: [
    wpError(
      'incorrect_password',
      `<strong>Error:</strong> The password you entered for the username <strong>${username}</strong> is incorrect. <a href="/wp-login.php?action=lostpassword">Lost your password?</a>`,
      401,
    ),
    401,
  ],
  invalid_username: [
    wpError(
      'invalid_username',
      `<strong>Error:</strong> The username <strong>${username}</strong> is not registered on this site. If you are unsure of your username, try your email address instead.`,
      401,
    ),
    401,
  ],
  application_passwords_disabled: [
    wpError('application_passwords_disabled', 'Application passwords are not available.', 401),
    401,
  ],
});

const html = (c: Context, body: string, status: number) =>
  c.body(body, status as 200, { 'Content-Type': 'text/html; charset=UTF-8' });

/**
 * The quirks that replace an endpoint's answer, applied before the login check (WordPress
 * refuses a login before a plugin runs) and, for `php-warnings`, around the answer.
 */
export const answerQuirk =
  (quirk: () => Quirk, username: string): MiddlewareHandler =>
  async (c, next) => {
    const now = quirk();
    const refusal = LOGIN_REFUSALS(username)[now];
    if (refusal) return c.json(refusal[0], refusal[1] as 401);
    if (now === 'no-route')
      return c.json(
        wpError('rest_no_route', 'No route was found matching the URL and request method.', 404),
        404,
      );
    if (now === 'wp-die') {
      const wantsJson = /json/i.test(
        `${c.req.header('accept') ?? ''} ${c.req.header('content-type') ?? ''}`,
      );
      return wantsJson ? c.json(DATABASE_DOWN_JSON, 500) : html(c, DATABASE_DOWN, 500);
    }
    if (now === 'waf-403') return html(c, FIREWALL_PAGE, 403);
    await next();
    if (now !== 'php-warnings') return;
    // PHP printed first, so the headers went out with PHP's defaults: 200, text/html.
    const json = await c.res.text();
    c.res = undefined;
    c.res = html(c, `${PHP_WARNING}${json}`, 200);
  };

/** Under plain permalinks, `/wp-json/…` is just a path: WordPress shows the front page. */
export const frontPage = (c: Context) => html(c, FRONT_PAGE, 200);
