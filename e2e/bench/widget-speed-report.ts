/**
 * The speed benchmark's section of BENCHMARKS.md: a table of each page's loads (loopback and the
 * throttled mobile profile), the ratios to the plain form, and the method and findings behind
 * them. `widget-speed.ts` measures; this only writes.
 */
import {
  MOBILE,
  MOBILE_CPU_SLOWDOWN,
  SPEED_PAGES,
  SPEED_PAGE_NAMES,
  type Run,
  type SpeedPage,
} from './speed-pages.ts';
import { median, num, quantile, ratio, table } from './report.ts';

export type RunsByPage = Record<SpeedPage, Run[]>;
/** Each page's median "interactive" divided by the plain form's. */
export type RatiosToPlain = Record<Exclude<SpeedPage, 'plain'>, number>;

const interactive = (loads: readonly Run[]) => median(loads.map((r) => r.painted));

export const ratiosToPlain = (set: RunsByPage): RatiosToPlain => ({
  widget: interactive(set.widget) / interactive(set.plain),
  drawn: interactive(set.drawn) / interactive(set.plain),
  least: interactive(set.least) / interactive(set.plain),
});

const summary = (label: string, runs: readonly Run[]) => {
  const painted = runs.map((r) => r.painted);
  return [
    label,
    `**${num(median(painted))}**`,
    num(quantile(painted, 0.1)),
    num(quantile(painted, 0.9)),
    num(Math.min(...painted)),
    num(Math.max(...painted)),
    num(median(runs.map((r) => r.inDom))),
    num(median(runs.map((r) => r.domContentLoaded))),
    num(median(runs.map((r) => r.load))),
    median(runs.map((r) => r.cls)).toFixed(3),
    num(median(runs.map((r) => r.bytes)) / 1024),
  ];
};

const rows = (set: RunsByPage) =>
  SPEED_PAGE_NAMES.map((name) => summary(SPEED_PAGES[name].label, set[name]));

const headers = [
  'page',
  'interactive, median',
  'p10',
  'p90',
  'min',
  'max',
  'input in DOM',
  'DOMContentLoaded',
  'load',
  'CLS, median',
  'KiB received',
];

export interface SpeedFigures {
  /** The version of the Chromium that loaded the pages. */
  chromium: string;
  /** Loads of each page on loopback, and on the throttled mobile profile. */
  runs: number;
  throttledRuns: number;
  fast: RunsByPage;
  slow: RunsByPage;
  fastRatios: RatiosToPlain;
  slowRatios: RatiosToPlain;
}

export function widgetSpeedReport({
  chromium,
  runs,
  throttledRuns,
  fast,
  slow,
  fastRatios,
  slowRatios,
}: SpeedFigures): string {
  return `## Widget speed in Chromium

**Method.** Three pages served by one Node HTTP server on 127.0.0.1 (\`e2e/bench/pages.ts\`, same
headers, \`Cache-Control: no-store\`), the proxy (a child process, outbox on disk) serving the
widget and \`/api/form\` and \`/api/form-token\` as in production:
- \`/widget\`: \`<enquiry-form case-type="conveyancing">\`, \`<script type="module"
  src="<proxy>/enquiry-form.js">\` and the README's \`<style>\` that keeps a screen's height for the
  form until its script has run;
- \`/widget-drawn\`: the embed code \`npm run embed -- --proxy <proxy> --case-type conveyancing\`
  prints for the proxy's configuration: the same element with its form drawn in it (declarative
  shadow DOM, its styles inline), and the same script, which takes the form over;
- \`/plain\`: a plain HTML \`<form>\` with the same fields (four contact fields, the five
  conveyancing questions, a file input, a submit button), no script and no CSS;
- \`/least-script\`: the element, the same reserved space, and a module script from an origin of
  its own (brotli, CORS, as the proxy serves the widget) that does the least a script can: it
  defines the element and writes the plain form's HTML into its shadow root (about 1 KB). Its
  time beyond the plain form's is what any form a script draws pays for the script's request.

Below the form all four have the same short footer, so that a form appearing late shows as
layout shift (CLS). Headless Chromium ${chromium} with the launch options of
\`e2e/support/browser.ts\`; every load in a **new browser context** (empty HTTP cache, new
connections); one discarded load of each page first, then ${runs} of each, rotating which page
goes first.

**"Interactive"** is the time, from navigation start (\`performance.now()\`), of the first frame
produced after the first name input \`#forename\` is connected, enabled and not read-only (in the
element's shadow root for the widget, in the document for the plain form). One init script,
identical on every page, watches the document and each shadow root as it is attached with a
MutationObserver and stamps the time in a task queued from the next \`requestAnimationFrame\`.
After each load the bench clicks the input and types "Ada" with the keyboard and checks the
value, so every counted run really took typed text (typing is not timed; on the drawn page the
script has taken the form over by then, keeping what was typed). "KiB received" is what the
page's requests brought (compressed bodies and headers) by the end of the typing: for the
widget that includes the late bundle, fetched once the form is on screen, and the form token.

Times in ms from navigation start:

${table(headers, rows(fast))}

**Ratios (median interactive ÷ plain form's): script tag ${ratio(fastRatios.widget)}, drawn in the
page ${ratio(fastRatios.drawn)}, the plain form written by a script ${ratio(fastRatios.least)}.** With the script tag, the widget's time is its whole price on a cold
cache: the entry module from the proxy's origin (brotli, with the form configuration written
into it), parsing and running lit-html and the element, and the first render; the late bundle
(sending, file checks, the error summary) is fetched once the form is on screen, and the form
token at the first keystroke. Drawn in the page, the form is there when the HTML is parsed, as
the plain one is. "input in DOM" is when \`#forename\` appeared, before the frame was produced.

On a **throttled mobile profile** (Chromium's emulation: ${MOBILE_CPU_SLOWDOWN}× slower
processor, ${MOBILE.latency} ms round trip, 400 kbit/s each way; ${throttledRuns} loads of each,
in turn), in ms:

${table(headers, rows(slow))}

**Ratios on the slow profile: script tag ${ratio(slowRatios.widget)}, drawn in the page
${ratio(slowRatios.drawn)}, the plain form written by a script ${ratio(slowRatios.least)}.** With
the script tag the widget waits for the page, then its entry script (the configuration comes
with it); the plain form only for the page. Each request here costs at least ${MOBILE.latency} ms
before its first byte, and the script's cannot start before the page's first bytes are in: the
plain form written by a script of about 1 KB, with next to no work to do, is the floor of any
form a script draws, and it sits near or above 1.3× on this profile by itself. The target of
1.3× with a script tag is out of reach here whatever the widget does; what the widget adds
above that floor is its entry's bytes at 50 kB/s (about 13 KB: 260 ms) and its work at 4×.
The drawn form needs no second request before it can be typed in.

**Issue #77: why the throttled ratio went from 1.35× to 1.95×** (\`node --import tsx
e2e/bench/first-render.ts [--throttled] [--runs N] [--profile] <widget dir>...\`: Chromium's
trace of each load, the widget builds served by proxies of their own, alternated with the plain
form). The widget did not get slower, and the harness did not change: \`widget-speed.ts\`,
\`pages.ts\` and \`e2e/support/browser.ts\` measure as they did at 4d02f7b (23 November: the
same pages, profile, probe and runs; only the fourth page is new), and the ratios this file held
since then for the script tag throttled were 1.66×, 1.71× and 1.95×; no commit records 1.27× /
1.35×. Builds of 4d02f7b, 6de3f53 (what the issue measured) and febdab4 (main before this
change) alternated on the same proxy, 8 throttled loads each, load average 5.4 to 10.2: plain
890 ms; febdab4 1,612 (1.81×), 6de3f53 1,525 (1.71×), 4d02f7b 1,629 (1.83×); the entry asked
for at 495 to 544 ms and its first byte in at 1,209 to 1,256 (the round trip, then 13.2 KB
with the configuration and 750 B of headers at 50 kB/s); main-thread CPU from its arrival to
the frame 257, 225 and 279 ms. Loopback, 12 loads each, load average 9.5 to 19.1: plain 190 ms;
febdab4 334, 6de3f53 284, 4d02f7b 312; CPU after the entry's arrival 48.8, 44.6 and 47.7 ms.
What moves the throttled ratio between runs is the plain form's median (689 ms in the run
before this one, 849 to 890 in these), while the widget's stays at 1,340 to 1,700 ms. The floor
beside them (the least-script page, 8 throttled loads each, load average 15 to 18): widget
1,703 ms (2.01×), the plain form written by a script 1,146 (1.35×), plain 849. After the entry
is in, the widget's main thread spends 230 to 300 ms (at 4×): running the module 40 to 65, the
element's connection 58 (the session's draft, whose first look at sessionStorage waits for the
browser's own process, and the shadow root with its styles), lit-html's first render 60 to 70
(its templates prepared, cloned and their attributes set), the style 50 to 60, layout 11 to 17,
paint 8 to 16. The entry is served with brotli (13,213 B with the law firm's configuration in
it, 12,277 B without), no redirect, an ETag and \`no-cache\` under its fixed name (a page's
embed code names it), a year and \`immutable\` under \`?v=<etag>\` and for the late bundle and
its chunks, whose names carry their hash; a form on one page imports nothing at once, so there
is nothing to preload or hint early.

**Issue #77 item 1: where the widget's own milliseconds go, and what was cut** (2026-11-28,
\`node --import tsx e2e/bench/first-render.ts --profile\`, and a CPU profile at 50 µs with
Chromium's CPU throttled 4×, load average 8 to 17). From the entry's arrival to the first
frame, per load at 4×: lit-html's first render 164 ms (setting attributes 57, of which
\`type="date"\` 29: the date input's own making, which the plain form pays as it parses; the
templates prepared 34; cloning and the parts' commits most of the rest; the widget's own
template functions about 20), the element's connection 47 (the session's draft 34, of which
the first look at sessionStorage 25, waiting for the browser's process; the stylesheet parsed 8),
the module's own code about 15. The first sessionStorage read alone, timed in fresh contexts at
1×: 0.6 to 3.7 ms, 18 ms once under load. Changed: a one-page form reads the tab's draft after
its first frame, or at the first keystroke (under what is typed; \`widget/session.spec.ts\`
proves a draft never overwrites it), a form waiting for a part still before it is drawn;
lean-lit cuts lit-html's directive resolution (122 B of the entry's brotli, one call less per
part's value); the proxy sends the widget's scripts without the nine headers only a document
reads (314 B a script response, about 6 ms at 50 kB/s, not in the A/B below, whose proxies
both had it). A/B alternated with the build before (\`first-render.ts --runs 10 <before>
<after>\`, load average 6.6 to 7.2): loopback interactive 227 ms before, 253 after (plain 149;
spread 141 to 301: within the noise), main-thread CPU after the entry 46.5 and 45.5 ms, module
evaluation with the element's connection 13.5 and 10.7; throttled (\`--throttled --runs 8\`, load
5.2): 1,382 ms before (1.99×), 1,357 after (1.96×), evaluation 24.0 and 20.4 ms. Left: lit's
first render, most of what remains; fewer templates and parts (static attributes where the
configuration allows) would be the next cut, and the form drawn by the proxy into the script
(as the embed code's drawn form, 1.22×) the larger one.

**Issue #77 item 1: the top of the form first** (2026-11-28). A form drawn at once (one page,
its own element) now draws its top in its first frame (the heading and status region, what
went wrong, the four contact fields, in the \`<form>\` it keeps) and the rest (the case type,
its questions, the end of the form, the send button) into the same form once the browser is
idle after that frame (\`after-first-frame.ts\`, within 500 ms however busy); until then the
form keeps the README's reservation of a screen's height itself (\`aria-busy\`, so the footer
never comes up and goes down again), and what is typed or focused meanwhile stays
(\`widget/first-frame.spec.ts\`). A form in steps waits for its steps part as before and is
drawn the same way; the drawn form's takeover is whole at once. Measured A/B with
\`first-render.ts\`, main's build against this one, on a machine shared by other sessions: the
first try drew the rest in the task right after the first frame, and it lost: throttled
(\`--throttled --runs 8\`, load average 16 to 21) plain 880 ms, main 1,438 (1.63×), split 1,725
(1.96×); the rest's render (a timer task of 110 ms at 4×, mean) ran before the probe's task after
the frame, as it would before a keystroke, so the entry's first byte to "interactive" went from
213 to 426 ms though the main thread's CPU after the entry fell from 226 to 201 ms. Loopback
(\`--runs 10\`, load 14 to 23): plain 246, main 244, split 257, within the noise (CPU after the
entry 37.3 and 31.7 ms). Kept: the rest once the browser is idle, which lets the first keystroke
go first: throttled (load about 20) plain 922 ms, main 1,638 (1.78×), kept 1,522 (1.65×), CPU after
the entry 225 and 146 ms; loopback (\`--runs 10\`, load 11 to 15) plain 160 ms, main 284
(1.77×), kept 175 (1.09×), CPU after the entry 36.8 and 20.7 ms (one run each on a busy
machine: the lead's quiet rerun of \`npm run bench -- speed\` is the figure). Entry 12,232 ->
12,276 B brotli, one-page form 23,150 -> 23,194 (budgets 12,288 and 23,198). Not done: fewer
parts for attributes that never change for a configuration (lit-html gives each a part; each
field's id, name, type, autocomplete differ per field, so only a template per field kind and
configuration would do it, which the entry's 12 B of room does not pay for), and
\`enquiry-form.ts\` under 300 lines: moving the file picker's handlers and the "form
unavailable" notice out of the element (372 lines, 343 after) cost 44 B of the entry's brotli,
over its room.

**The form drawn by the proxy into the entry, not built** (the lead measured it, and the
arithmetic says why it stays out): the proxy writing the drawn form's HTML into the entry it
serves would put the script tag near the floor (the plain form written by a script, 1.25×), but
the first render's HTML costs about 780 B of brotli on top of the inlined configuration for one
case type (the law firm's: configuration alone 828 B, with conveyancing's first render 1,609 B,
with the render without a case type too 1,695 B), and the tag's \`case-type\` is not known when
the script is asked for, so every variant would ship: at least 867 B more for the law firm's
three case types, over the ~550 B of room left under the one-page form's frozen 23,699 B.
`;
}
