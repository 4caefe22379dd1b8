/**
 * Where the calendar services are (part of the proxy's environment, see `env.ts`): Microsoft's
 * sign-in and Graph, Google's Calendar API and its sign-in (a host's own, from the console). An operator's settings, for the national clouds and
 * for tests: https:, or plain http: on this machine (a stand-in), as for `ENQUIRY_API_URL`.
 * Hosts' calendars of a kind are read and written only there (`calendar-adapters.ts`).
 */
import { z } from 'zod';
import { secureUrl } from '../env-values.ts';

/** A service's root: https: (http: on this machine), without the slash at its end. */
const serviceRoot = (example: string, fallback: string) =>
  secureUrl(`must be a URL like ${example}`)
    .refine((value) => !new URL(value).search && !new URL(value).hash, {
      error: 'must have no query nor fragment',
    })
    .transform((value) => value.replace(/\/+$/, ''))
    .default(fallback);

/** The calendar services' variables, as `env.ts` adds them to the proxy's schema. */
export const calendarEnvShape = {
  MICROSOFT_LOGIN_URL: serviceRoot(
    'https://login.microsoftonline.us',
    'https://login.microsoftonline.com',
  ).describe(
    "Microsoft's sign-in (Entra ID) for hosts' Microsoft 365 calendars: `https://login.microsoftonline.com`, or a national cloud's (`https://login.microsoftonline.us`). See docs/booking.md.",
  ),
  MICROSOFT_GRAPH_URL: serviceRoot(
    'https://graph.microsoft.us/v1.0',
    'https://graph.microsoft.com/v1.0',
  ).describe(
    "Microsoft Graph, with its version, for hosts' Microsoft 365 calendars: `https://graph.microsoft.com/v1.0`, or a national cloud's (`https://graph.microsoft.us/v1.0`).",
  ),
  GOOGLE_CALENDAR_URL: serviceRoot(
    'https://www.googleapis.com/calendar/v3',
    'https://www.googleapis.com/calendar/v3',
  ).describe("Google's Calendar API, with its version, for hosts' Google Workspace calendars."),
  GOOGLE_AUTH_URL: serviceRoot(
    'https://accounts.google.com/o/oauth2/v2/auth',
    'https://accounts.google.com/o/oauth2/v2/auth',
  ).describe(
    "Google's authorization endpoint, where a host signs in to connect their own Google calendar from the console (the firm's OAuth client, `calendars google-web`).",
  ),
  GOOGLE_TOKEN_URL: serviceRoot(
    'https://oauth2.googleapis.com/token',
    'https://oauth2.googleapis.com/token',
  ).describe(
    "Google's token endpoint for a host's own sign-in (their code redeemed, their refresh token used). A service account's key file names its own (`token_uri`).",
  ),
};

/** Where each calendar service is, as the adapters are given it. */
export interface CalendarPlaces {
  MICROSOFT_LOGIN_URL: string;
  MICROSOFT_GRAPH_URL: string;
  GOOGLE_CALENDAR_URL: string;
  GOOGLE_AUTH_URL: string;
  GOOGLE_TOKEN_URL: string;
}

/** The services' own addresses: where a proxy without these variables (the CLI's tests) reads. */
export const DEFAULT_CALENDAR_PLACES: CalendarPlaces = Object.freeze(
  z.object(calendarEnvShape).parse({}),
);
