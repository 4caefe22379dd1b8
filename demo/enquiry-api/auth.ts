/**
 * HTTP Basic authentication as the platform does it (enquiry API spec, section 5): a username
 * with either its password or one of its application passwords.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { basicAuth } from 'hono/basic-auth';
import { REALM, UNAUTHORIZED_BODY } from './envelope.ts';

/** The login the stand-in accepts. */
export interface Credentials {
  username: string;
  /** The ordinary password: compared exactly. */
  password: string;
  /**
   * An application password, as WordPress shows it: six groups of four characters separated by
   * spaces (`abcd EFGH 1234 ijkl MNOP 5678`). Clients may send it with or without the spaces.
   */
  applicationPassword?: string;
}

/** Thrown when the configured credentials cannot work over HTTP Basic. */
export class CredentialsError extends Error {
  override name = 'CredentialsError';
}

/** Throws a `CredentialsError` when `credentials` could never be sent in a Basic header. */
export function checkCredentials(credentials: Credentials): void {
  if (credentials.username === '') throw new CredentialsError('The username must not be empty.');
  // Basic splits `user:pass` at the first colon, so a colon in the username cannot round-trip.
  if (credentials.username.includes(':')) {
    throw new CredentialsError('The username must not contain a colon.');
  }
  if (credentials.password === '') throw new CredentialsError('The password must not be empty.');
}

// Hashing first gives both sides the same length, which timingSafeEqual needs, without
// revealing the expected length through an early return.
const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
const sameText = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));
const withoutSpaces = (text: string) => text.replaceAll(' ', '');

/**
 * True when `username` and `password` are a login `credentials` accepts. Every comparison
 * runs whatever the outcome, so the time taken says nothing about which part was wrong.
 *
 * @example credentialsMatch({ username: 'u', password: 'p' }, 'u', 'p') // true
 */
export function credentialsMatch(
  credentials: Credentials,
  username: string,
  password: string,
): boolean {
  const userOk = sameText(username, credentials.username);
  const passwordOk = sameText(password, credentials.password);
  const { applicationPassword } = credentials;
  const applicationOk =
    applicationPassword !== undefined &&
    sameText(withoutSpaces(password), withoutSpaces(applicationPassword));
  return userOk && (passwordOk || applicationOk);
}

/**
 * Hono's Basic auth with the platform's login rules and the spec's 401 body. It runs before
 * anything reads the body, so an unauthenticated client learns nothing about its payload.
 */
export const requireLogin = (credentials: Credentials): MiddlewareHandler => {
  checkCredentials(credentials);
  return basicAuth({
    verifyUser: (username, password) => credentialsMatch(credentials, username, password),
    realm: REALM,
    invalidUserMessage: UNAUTHORIZED_BODY,
  });
};
