/**
 * The widget's brotli budgets, and the plugin that holds the build to them. Every landing page
 * pays for the entry before a visitor can type, and for the rest soon after, so growth should
 * be a decision, not an accident. Each budget is what we measure plus a quarter KiB
 * (`npm run bench -- weight`).
 */
import type { Plugin } from 'vite';
import { compressForVisitors } from '../proxy/http/widget-assets.ts';

/**
 * `enquiry-form.js`: what the first render of every form needs (lit-html, the fields, their
 * styles, the late bundle's hand-over), within 12 KiB. What only some forms draw is a part of
 * its own (`ENTRY_PARTS`: the steps, the take-over of a drawn form), and what only the late
 * bundle shows (a field in error, the funnel's report) is the late bundle's.
 */
export const ENTRY_BROTLI_BUDGET_BYTES = 12 * 1024;
/**
 * The entry and the late bundle: what every form loads (22,942 B; the issues ask 20 KiB; issue
 * #77 froze it at 23,699). 23,155 B with the time picker of an appointment question (issue #75)
 * against 23,055 before it: the late bundle's 88 B that fetch its chunk and give it its place,
 * the entry's 12 B that draw it in the question's fieldset. 23,860 B before a file's checks (its
 * kind told by its bytes, the limits) moved to the uploads chunk, which every form that takes a file fetches as the picker
 * takes focus and no other does (918 B); 23,816 before the booking's question (issue #75);
 * 23,664 before a Send waited for the files still being read, 104 B, and a file chosen while the uploads chunk could not load was kept for the next
 * try, 48 B. What keeps it above 20 KiB is what the late bundle needs for every form: the checks
 * the proxy makes, run before sending (the contract's rules and messages), sending itself, the
 * funnel's report and the email's typo table. 23,245 B before saved enquiries (issue 57), 257 B:
 * every form looks for a saved enquiry's link in the page's address and keeps what its
 * questions were beside the tab's draft, so that a reload onto a form published anew gives back
 * only the answers whose questions are the same; the rest is the saved enquiries' chunk's,
 * fetched only by a form that offers saving or needs it. 23,238 B with a call the booking limits
 * did not hold said on the confirmation panel (issue 84 finding 1): 23,190 before, 48 B in the
 * late bundle, which has the panel; the base went from 22,942 to 23,000 for it, as the chunks'
 * names alone move the two files' sum by some 16 B from one build to the next.
 */
export const EVERY_FORM_BROTLI_BUDGET_BYTES = 23_000 + 256;
/**
 * A form in steps with the Turnstile check and the language switch, on a page that drew it,
 * whose visitor picks a file, books a call, saves and keeps what they typed unfinished: the entry,
 * the late bundle and every chunk and part (45,801 B: 45,358 before the sent panel said the call
 * booked (issue 85, major 2), 443 B, all in the time picker's chunk, which writes it and which
 * only a form whose visitor chose a time fetches; some 43,400 before unfinished enquiries' box
 * (issue 87), its chunk of some 1.8 KB, which only a form with an `unfinished` block fetches, and
 * only once its visitor types into a contact field, and the late bundle's bytes that load it and
 * give it its place under the last contact field; 38,656 before the time picker of an appointment question (issue #75),
 * 4,693 B: its chunk of 4,550 B, which only a form whose case type chosen asks for a call
 * fetches, the late bundle's 88 B that load it and give it its place in the form, the steps
 * chunk's 34 B for the time in words on Check your answers, the entry's 12 B that draw it in
 * the question's fieldset, 9 B of the minifier's names in three other chunks; 38,644 B: 38,551 before a file's checks moved from the late bundle
 * every form loads to the uploads chunk, 93 B, what the checks cost compressed on their own; 38,339 B: some 140 B more for Send saying, offline, that the enquiry goes once the
 * connection is back, in the late bundle every form loads; 38,000 B: 37,594 before a kept draft was judged question by question on a form published
 * anew, 406 B, nearly all in the saved enquiries' chunk, which only forms that offer saving, a
 * link's page and a reload onto a form published anew fetch; 37,530 B: 30,881 before saved
 * enquiries, 6,649 B: their chunk of 5,548 B, the uploads chunk's keeping of a file on its way
 * across a reload, and the late bundle's 257 B above; 30,856 before the email's offer judged an address left before the late bundle arrived, 25 B;
 * 29,431 before the language switch's chunk, 1,188 B; 27,313 before the uploads chunk, 2,056 B,
 * which sends files ahead as they are picked and lists them). A file compressed on its own
 * costs more than the same code inside another (some 300 B each): a form that uses a chunk or
 * a part pays that, every other form saves the code.
 */
export const TOTAL_BROTLI_BUDGET_BYTES = 45_801 + 256;

/**
 * Packages that must never reach the browser. The contract's schemas use zod; the widget imports
 * only their types (and the dependency-free rules), so a value import slipping in is a mistake.
 */
const SERVER_ONLY = ['/node_modules/zod/'];

/** A size as the build prints it, and the README says it: `12.0 KB` (KiB, to a tenth). */
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The sizes of one script, compressed as the proxy compresses it for visitors
 * (`proxy/http/widget-assets.ts`); the build and the weight bench both use it.
 */
export function sizes(code: string | Uint8Array) {
  const raw = Buffer.from(code);
  const { br, gzip } = compressForVisitors(raw);
  return { raw: raw.length, gzip: gzip.length, brotli: br.length };
}

/** Fails the build when a bundle holds a server-only module. */
export function refuseServerOnly(
  fileName: string,
  moduleIds: readonly string[],
): string | undefined {
  const leaked = moduleIds.find((id) => SERVER_ONLY.some((dir) => id.includes(dir)));
  return leaked && `server-only module in ${fileName}: ${leaked}`;
}

/** A late file as the build reports it: its name, and the feature it carries. */
interface NamedFile {
  fileName: string;
  feature?: string | undefined;
}

/** The late files as the build reports them: the late bundle first, then its chunks; the entry's parts. */
interface LateFiles {
  files: readonly NamedFile[];
  parts: readonly NamedFile[];
}

/**
 * Prints raw, gzip and brotli sizes of each emitted script (the entry's chunk, the late bundle
 * and its feature chunks, emitted as assets), then what every form loads and what a form with
 * every feature loads; fails past a budget or when a server-only package was bundled.
 */
export function sizeBudget(late: LateFiles | undefined): Plugin {
  return {
    name: 'enquiry-form:size-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const brotli = new Map<string, number>();
      let entryBytes = 0;
      for (const file of Object.values(bundle)) {
        if (!file.fileName.endsWith('.js')) continue;
        const code = file.type === 'chunk' ? file.code : file.source;
        if (file.type === 'chunk') {
          const leaked = refuseServerOnly(file.fileName, file.moduleIds);
          if (leaked) this.error(leaked);
        }
        const size = sizes(code);
        brotli.set(file.fileName, size.brotli);
        const entry = file.type === 'chunk' && file.isEntry;
        if (entry) entryBytes = size.brotli;
        const feature = [...(late?.files ?? []), ...(late?.parts ?? [])].find(
          (lateFile) => lateFile.fileName === file.fileName,
        )?.feature;
        const budget = entry ? ` (budget ${kb(ENTRY_BROTLI_BUDGET_BYTES)})` : '';
        const line = `${file.fileName}${feature ? ` (${feature})` : ''}: ${kb(size.raw)} raw, ${kb(size.gzip)} gzip, ${kb(size.brotli)} brotli${budget}`;
        console.log(line);
        if (entry && size.brotli > ENTRY_BROTLI_BUDGET_BYTES)
          this.error(`over the entry's budget: ${line}`);
      }
      // The late bundle's entry first, then its chunks, then the entry's parts.
      const [core = 0, ...more] = [...(late?.files ?? []), ...(late?.parts ?? [])].map(
        (file) => brotli.get(file.fileName) ?? 0,
      );
      const every = entryBytes + core;
      const all = more.reduce((sum, bytes) => sum + bytes, every);
      const lines: [string, number, number][] = [
        ['every form: the entry and the late bundle', every, EVERY_FORM_BROTLI_BUDGET_BYTES],
        ['a form with every feature: all chunks and parts too', all, TOTAL_BROTLI_BUDGET_BYTES],
      ];
      for (const [what, bytes, budget] of lines) {
        const line = `${what}: ${kb(bytes)} brotli (budget ${kb(budget)})`;
        console.log(line);
        if (bytes > budget) this.error(`over the budget: ${line} [${bytes} > ${budget} B]`);
      }
    },
  };
}
