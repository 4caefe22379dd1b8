/** Value kinds the environment schemas share (the proxy's in `env.ts`, notifications' apart). */
import { z } from 'zod';

/**
 * A comma-separated variable, each part trimmed, empty parts dropped.
 *
 * @example commaList(z.email()).parse('a@example.com, b@example.com') // ['a@example.com', 'b@example.com']
 */
export const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

/** A whole number of at least `min`, with a default. */
export const integer = (fallback: number, min: number) =>
  z.coerce.number().int().min(min).default(fallback);
