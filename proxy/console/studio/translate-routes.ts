/**
 * A language's translation page, `/admin/form/languages/<lang>`: every text a visitor reads, on
 * one page, each beside its words in the firm's language, with one Save (rather than a page and
 * a Save for each question, option and setting). The texts are the pages' own (`texts-walk.ts`
 * over `allParts`), so a text is on this page exactly when a page edits it; each is named as its
 * page names it, under its page's heading with a link there. A text still missing the language
 * is marked where it is missing; any other problem with it is said beside its box in the studio's
 * words (`locate.ts`). The save is the studio's (`save.ts`): over the revision drawn, and refused
 * with nothing lost when someone changed a text since.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import { needsTo, type ConsoleVariables } from '../access.ts';
import { doneNotice, type Html } from '../pages/layout.ts';
import { problemKey } from './control-notes.ts';
import { textBox } from './field-controls.ts';
import { nameOf } from './fields.ts';
import { ofPage } from './locate.ts';
import { FORM_URL, type StudioPart } from './parts.ts';
import type { Published } from './published.ts';
import { isRecord, jsonOf, languageName, languagesOf, textIn } from './raw-config.ts';
import { saveEdit } from './save.ts';
import { allParts } from './settings-blocks.ts';
import { backLink, counted, draftFields, errorSummary } from './studio-frame.ts';
import { wholeNumber, type Loaded, type StudioContext, type StudioKit } from './studio-kit.ts';
import { visitPart, type TextSpot } from './texts-walk.ts';

/** A language's translation page. */
export const translateUrl = (lang: string) => `${FORM_URL}/languages/${lang}`;

/** A text's name in a posted form: its page and its place there, stable while both are. */
const keyOf = (part: StudioPart, spot: TextSpot) => `${part.url}#${nameOf(spot.path)}`;

/** The texts of each page that has words in the firm's language (`first`), page by page. */
function textsOf(config: unknown, published: Published, first: string) {
  return allParts(config, published).flatMap((part) => {
    const texts: TextSpot[] = [];
    visitPart(part, config, (spot) => {
      if (textIn(spot.value, first).trim() !== '') texts.push(spot);
      return spot.value;
    });
    return texts.length > 0 ? [{ part, texts }] : [];
  });
}

/** A text with `typed` as its words in `lang` (left out when empty: missing again). */
function withWords(text: unknown, lang: string, first: string, typed: string): unknown {
  // A text the same in every language stays so while its words in `lang` are those words.
  if (typeof text === 'string')
    return typed === text ? text : withWords({ [first]: text }, lang, first, typed);
  const { [lang]: _old, ...others } = isRecord(text) ? text : {};
  return typed.trim() === '' ? others : { ...(isRecord(text) ? text : {}), [lang]: typed };
}

/** `config` with each text's words in `lang` as posted. */
function translated(config: unknown, published: Published, lang: string, form: Posted) {
  const first = languagesOf(config)[0] ?? '';
  let out = config;
  for (const part of allParts(config, published))
    out = visitPart(part, out, (spot) => {
      const typed = form[keyOf(part, spot)];
      return typed === undefined ? spot.value : withWords(spot.value, lang, first, typed);
    });
  return out;
}

type Posted = Readonly<Record<string, string | undefined>>;

/** Every text of `config` in the firm's language and in `lang`, as a save compares them. */
const baseOf = (config: unknown, published: Published, lang: string) => {
  const first = languagesOf(config)[0] ?? '';
  return jsonOf(
    textsOf(config, published, first).flatMap(({ part, texts }) =>
      texts.map((spot) => [keyOf(part, spot), textIn(spot.value, first), textIn(spot.value, lang)]),
    ),
  );
};

/** What the page shows besides the draft. */
interface Shown {
  saved?: number | undefined;
  /** Whose save a save met: the page then shows theirs with the editor's words over it. */
  conflict?: { by: string; base: string } | undefined;
  alert?: boolean;
}

/** The page's content for `loaded` (the draft, or after a conflict theirs with my words). */
async function translatePage(
  kit: StudioKit,
  c: StudioContext,
  loaded: Loaded,
  lang: string,
  shown: Shown,
) {
  const { config, published } = loaded;
  const first = loaded.languages[0] ?? '';
  const { issues } = await kit.studio.check(config);
  const { placed } = ofPage(loaded, issues);
  const groups = textsOf(config, published, first);
  let n = 0;
  const ids = new Map<string, string>();
  // A problem of the text in this language, or of the text whatever its language, is its box's.
  for (const { part, texts } of groups)
    for (const spot of texts) {
      const id = `t-${String((n += 1))}`;
      ids.set(`${part.url}#${problemKey(spot.path, lang)}`, id);
      ids.set(`${part.url}#${problemKey(spot.path)}`, id);
    }
  const problems = placed.flatMap((p) => {
    const id = ids.get(`${p.url}#${p.place?.key ?? ''}`);
    return id ? [{ id, words: p.words }] : [];
  });
  const all = groups.flatMap((group) => group.texts);
  const missing = all.filter((spot) => textIn(spot.value, lang).trim() === '').length;
  const canEdit = kit.canEdit(c);
  const name = languageName(lang);
  const row = (part: StudioPart, spot: TextSpot) => {
    const id = ids.get(`${part.url}#${problemKey(spot.path, lang)}`) ?? '';
    const mine = problems.filter((p) => p.id === id).map((p) => p.words);
    const words = textIn(spot.value, lang);
    const absent = words.trim() === '';
    const described = [mine.length > 0 ? `${id}-error` : '', absent ? `${id}-missing` : '']
      .filter(Boolean)
      .join(' ');
    const aria = html`lang="${lang}"${described ? html` aria-describedby="${described}"` : ''}${mine.length > 0 ? html` aria-invalid="true"` : ''}`;
    const box = textBox(spot.field, id, keyOf(part, spot), words, aria);
    return html`<div class="field translation${mine.length > 0 ? ' invalid' : ''}">
      <p class="label">${spot.name}</p>
      <div class="langs">
        <div class="lang">
          <p class="muted">${languageName(first)} <span>(the firm’s)</span></p>
          <p lang="${first}">${textIn(spot.value, first)}</p>
        </div>
        <div class="lang${absent ? ' missing' : ''}">
          ${canEdit ? html`<label for="${id}" lang="en"><span class="visually-hidden">${spot.name}: </span>${name}${absent ? html` <strong class="tag" id="${id}-missing">missing</strong>` : ''}</label>` : html`<p class="muted">${name}</p>`}
          ${mine.length > 0 ? html`<p class="error" id="${id}-error">${mine.map((p) => html`<span class="visually-hidden">Error:</span> ${p} `)}</p>` : ''}
          ${canEdit ? box : absent ? html`<p><strong class="tag">missing</strong></p>` : html`<p lang="${lang}">${words}</p>`}
        </div>
      </div>
    </div>`;
  };
  const sections = groups.map(
    ({ part, texts }, g) =>
      html`<section aria-labelledby="page-${String(g)}">
        <h2 id="page-${String(g)}">${part.title}</h2>
        <p>
          <a href="${part.url}"
            >Open its page<span class="visually-hidden"> (${part.title})</span></a
          >
        </p>
        ${texts.map((spot) => row(part, spot))}
      </section>`,
  );
  const body: Html = html`${backLink(`${FORM_URL}/languages`, 'Back to the languages')}
    <h1>${name} texts</h1>
    <p class="lead">
      Every text a visitor reads, beside its words in ${languageName(first)}, the firm’s language.
    </p>
    ${
      shown.conflict
        ? html`<div class="notice" role="alert">
            <p>
              <strong>Not saved yet:</strong> ${shown.conflict.by} saved the draft after you opened
              this page. Your words are below, over theirs: save again to keep them.
            </p>
          </div>`
        : ''
    }
    ${doneNotice(shown.saved === undefined ? undefined : `Saved to the draft as revision ${String(shown.saved)}.`)}
    ${errorSummary(
      `${counted(problems.length, 'problem')} to fix before this can go live`,
      problems.map((p) => ({ href: `#${p.id}`, text: p.words })),
      shown.alert === true,
    )}
    <p>
      <strong
        >${missing === 0 ? `Every text has its ${name}.` : `${counted(missing, 'text')} of ${String(all.length)} without ${name} yet.`}</strong
      >
    </p>
    ${
      canEdit
        ? html`<form method="post" action="${translateUrl(lang)}" class="studio-form" novalidate>
            ${draftFields(c.get('csrf'), loaded.draft.revision, shown.conflict?.base ?? baseOf(config, published, lang))}
            ${sections}
            <div class="actions"><button type="submit" class="primary">Save</button></div>
          </form>`
        : sections
    }`;
  return kit.page(c, `${name} texts`, 'form', body, shown.conflict ? 409 : 200);
}

/**
 * The page for a language the draft has no texts in: the firm's own (its texts are each page's),
 * or one not added yet (added on the Languages page first), never an API's JSON (issue #85,
 * minor 5).
 */
function noSuchLanguage(kit: StudioKit, c: StudioContext, loaded: Loaded) {
  const tag = c.req.param('lang') ?? '';
  const name = languageName(tag);
  const first = languagesOf(loaded.config)[0] ?? 'en';
  const languages = `${FORM_URL}/languages`;
  const body: Html =
    tag === first
      ? html`${backLink(languages, 'Back to the languages')}
          <h1>${name} is the form’s first language</h1>
          <p class="lead">
            Its texts are written on each page of the form: <a href="${FORM_URL}">the form</a>
            lists them. A language’s page holds its texts beside the ${name}.
          </p>`
      : html`${backLink(FORM_URL, 'Back to the form')}
          <h1>The form has no ${name} yet</h1>
          <p class="lead">
            Add ${name} on <a href="${languages}">the Languages page</a> first. Then its texts are
            here, each beside its words in ${languageName(first)}, to translate on one page.
          </p>`;
  return kit.page(c, `${name} texts`, 'form', body, 404);
}

/** The translation pages, as a Hono app the studio mounts. */
export function translateRoutes(kit: StudioKit) {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  const path = `${FORM_URL}/languages/:lang{[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*}`;
  /** The language the address names, when it is one of the draft's and not the firm's. */
  const languageOf = (c: StudioContext, config: unknown) => {
    const lang = c.req.param('lang');
    return languagesOf(config)
      .slice(1)
      .find((one) => one === lang);
  };

  app.get(path, async (c) => {
    const loaded = await kit.load();
    const lang = languageOf(c, loaded.config);
    if (!lang) return noSuchLanguage(kit, c, loaded);
    const saved = wholeNumber(c.req.query('saved'));
    return translatePage(kit, c, loaded, lang, { saved, alert: saved !== undefined });
  });

  app.post(path, needsTo('edit the form'), async (c) => {
    const form = c.get('form');
    const before = await kit.load();
    const lang = languageOf(c, before.config);
    if (!lang) return noSuchLanguage(kit, c, before);
    const outcome = await saveEdit(kit.studio, kit.by(c), {
      revision: wholeNumber(form.revision) ?? -1,
      base: form.base ?? '',
      root: [],
      partIn: (config) => baseOf(config, before.published, lang),
      apply: (config) => translated(config, before.published, lang, form),
    });
    if (outcome.kind === 'conflict') {
      const now = await kit.load();
      return translatePage(kit, c, { ...now, config: outcome.mine }, lang, {
        conflict: { by: outcome.theirs.savedBy, base: baseOf(now.config, now.published, lang) },
      });
    }
    if (!outcome.unchanged)
      await kit.audit(
        c,
        'form translate',
        `${lang}: draft revision ${String(outcome.draft.revision)}`,
      );
    return c.redirect(`${translateUrl(lang)}?saved=${String(outcome.draft.revision)}`, 303);
  });
  return app;
}
