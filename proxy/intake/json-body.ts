/**
 * A small JSON body of the visitor's page (a saved enquiry's, an unfinished enquiry's), checked
 * whole by its schema before anything is done with it; its refusals said in the language the
 * body names (`lang`), else the one the browser asks for. Bodies come as `application/json` or,
 * from a page being hidden (`fetch` with `keepalive`, no preflight), as `text/plain`.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { formIn, type FormLanguageDeps } from '../http/form-language.ts';
import { Refusal } from '../http/refusal.ts';
import { answerIn } from './answer-refusal.ts';

/**
 * The body of `c` as `schema` reads it, or a `400` saying what it lacks.
 *
 * @example const body = await readJsonBody(c, saveSchema, deps.form.current());
 */
export async function readJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  form: FormLanguageDeps,
): Promise<z.output<S>> {
  const json: unknown = await c.req.json().catch(() => undefined);
  const lang = (json as { lang?: unknown } | undefined)?.lang;
  answerIn(c, formIn(form, typeof lang === 'string' ? lang : c.req.header('accept-language')).lang);
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new Refusal(400, {
      error: 'bad_request',
      message: `The body does not say what ${c.req.path} needs: ${parsed.error.issues
        .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
        .join('; ')}`,
    });
  return parsed.data;
}
