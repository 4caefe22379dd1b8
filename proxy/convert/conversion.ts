/**
 * What converting a file means to the rest of the proxy: a file of a kind the platform does
 * not take (a HEIC photo, a Word letter) becomes one it does, just before its upload, from the
 * original the outbox keeps. A conversion that fails because of the file marks that one file
 * failed with the reason (the firm is sent the original); the others are delivered. One that
 * fails for a passing reason (`transient`) leaves the file queued, tried again with its
 * submission.
 */
import type { ConvertedKind } from '../contract/limits.ts';

/** Why a file could not be converted, in words for the firm and the logs. */
export class ConversionError extends Error {
  constructor(
    message: string,
    /**
     * `too_large`: a bomb, or over the converter's limits; `unreadable`: damaged, or not what
     * its first bytes claim; `timed_out`: too slow, twice; `transient`: not the file's fault
     * (shutdown, a full temporary disk, no worker free): it is tried again later.
     */
    readonly reason: 'too_large' | 'unreadable' | 'timed_out' | 'transient' = 'unreadable',
  ) {
    super(message);
    this.name = 'ConversionError';
  }
}

/** A converted file: a JPEG, or a PDF (documents, and scans of several pages). */
export interface Converted {
  kind: 'jpeg' | 'pdf';
  bytes: Buffer;
}

/** Turns files of the kinds it lists into ones the platform takes. */
export interface Converter {
  /** The kinds this converter can take (those whose tools are installed and enabled). */
  readonly kinds: readonly ConvertedKind[];
  /** What an operator should know about it (shown in `/admin/status`): documents off, and why. */
  readonly warnings?: readonly string[];
  convert(kind: ConvertedKind, input: Buffer, signal?: AbortSignal): Promise<Converted>;
  /**
   * Why a file just received cannot be converted, found without converting it (a pixel or
   * zip bomb, unreadable headers), or undefined when it looks convertible.
   */
  inspect(kind: ConvertedKind, input: Buffer): Promise<ConversionError | undefined>;
  close(): Promise<void>;
}

/** A converter of nothing: the platform's own kinds only. */
export const NO_CONVERSION: Converter = {
  kinds: [],
  convert: (kind) => Promise.reject(new ConversionError(`no converter for ${kind} files`)),
  inspect: () => Promise.resolve(undefined),
  close: () => Promise.resolve(),
};
