/** A comma-separated environment variable, each part trimmed, empty parts dropped. */
import { z } from 'zod';

/**
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
