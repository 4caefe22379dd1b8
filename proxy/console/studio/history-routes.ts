/**
 * The form's history: every version with when, by whom and how it was published, any two
 * compared (what going from one to the other changes for the platform, in words), each version's
 * configuration as it was published (byte for byte, as `npm run outbox -- form export` prints
 * it), and, for those who may, the way to make an old version live again (`publish-routes.ts`).
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { FormVersionSummary } from '../../studio/form-studio.ts';
import type { ConsoleVariables } from '../access.ts';
import { dataTable, doneNotice, when } from '../pages/layout.ts';
import { FORM_URL } from './parts.ts';
import { changeList, draftKept } from './publish-routes.ts';
import { backLink, howPublished } from './studio-frame.ts';
import { wholeNumber, type StudioKit } from './studio-kit.ts';

const DONE: Readonly<Record<string, string>> = {
  'rolled-back': 'The old version is live again, as a new version.',
};

/** A select of the versions, for the comparison's form. */
const versionSelect = (
  id: string,
  name: string,
  versions: readonly FormVersionSummary[],
  chosen: number | undefined,
) =>
  html`<select id="${id}" name="${name}">
    ${versions.map((v) => html`<option value="${v.version}" ${v.version === chosen ? 'selected' : ''}>Version ${v.version}</option>`)}
  </select>`;

/** The history's routes, as a Hono app the studio mounts. */
export function historyRoutes(kit: StudioKit) {
  const app = new Hono<{ Variables: ConsoleVariables }>();

  app.get(`${FORM_URL}/history`, async (c) => {
    const versions = await kit.studio.versions();
    const live = versions[0]?.version ?? 1;
    const canEdit = kit.canEdit(c);
    const known = (n: number | undefined) =>
      n !== undefined && versions.some((v) => v.version === n) ? n : undefined;
    const from = known(wholeNumber(c.req.query('from'))) ?? Math.max(1, live - 1);
    const to = known(wholeNumber(c.req.query('to'))) ?? live;
    const asked = c.req.query('from') !== undefined;
    const word = c.req.query('done');
    const loaded = await kit.load();
    const body = html`<h1>History</h1>
      ${doneNotice(word !== undefined && Object.hasOwn(DONE, word) ? DONE[word] : undefined)}
      ${word === 'rolled-back' && loaded.changed ? draftKept(loaded.draft, true) : ''}
      ${dataTable({
        caption: 'Every version, the newest first: each is kept as it was published.',
        columns: ['Version', 'Published', 'By', 'How', 'Actions'],
        rowHeaders: true,
        rows: versions.map((v) => [
          html`Version
          ${v.version}${v.version === live ? html` <strong class="tag live">live</strong>` : ''}`,
          when(v.publishedAt),
          v.publishedBy,
          howPublished(v),
          html`<a href="${FORM_URL}/versions/${v.version}"
              >View<span class="visually-hidden"> version ${v.version}</span></a
            >${
              canEdit && v.version !== live
                ? html` ·
                    <a href="${FORM_URL}/versions/${v.version}/rollback"
                      >Make live again<span class="visually-hidden">
                        (version ${v.version})</span
                      ></a
                    >`
                : ''
            }`,
        ]),
      })}
      <h2 id="compare">Compare two versions</h2>
      <form method="get" action="${FORM_URL}/history#compare" class="filters">
        <div>
          <label for="compare-from">From</label
          >${versionSelect('compare-from', 'from', versions, from)}
        </div>
        <div>
          <label for="compare-to">To</label>${versionSelect('compare-to', 'to', versions, to)}
        </div>
        <button type="submit">Compare</button>
      </form>
      ${
        asked || versions.length > 1
          ? html`<section aria-labelledby="compared">
              <h3 id="compared">Going from version ${from} to version ${to}</h3>
              ${from === to ? html`<p>They are the same version.</p>` : changeList(await kit.studio.compare(from, to))}
            </section>`
          : ''
      }`;
    return kit.page(c, 'History', 'history', body);
  });

  app.get(`${FORM_URL}/versions/:n{[0-9]+}`, async (c) => {
    const n = wholeNumber(c.req.param('n'));
    const version = n === undefined ? undefined : await kit.studio.version(n);
    if (!version) return c.notFound();
    const body = html`${backLink(`${FORM_URL}/history`, 'Back to the history')}
      <h1>Version ${version.version}</h1>
      <p>
        Published ${when(version.publishedAt)} by ${version.publishedBy} (${howPublished(version)}).
        Its configuration, as it was published:
      </p>
      <pre
        class="config"
        tabindex="0"
        role="region"
        aria-label="The configuration of version ${version.version}"
      >
${version.text}</pre>`;
    return kit.page(c, `Version ${String(version.version)}`, 'history', body);
  });
  return app;
}
