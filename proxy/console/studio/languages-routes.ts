/**
 * The form's languages (`docs/languages.md`): the firm's first (what the platform receives), the
 * others after it. Adding a language writes every text of the draft per language, the firm's
 * words under the firm's language, so each text then shows its new language as missing, and
 * publishing is refused, naming each, until it is written. Removing one takes its words out of
 * every text. The languages offered are the product's own (English, Welsh): another needs a
 * strings file, which only the configuration file can name.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import { SHIPPED_STRINGS } from '../../contract/strings/catalogue.ts';
import { needsTo, type ConsoleVariables } from '../access.ts';
import { doneNotice } from '../pages/layout.ts';
import { FORM_URL } from './parts.ts';
import { jsonOf, languageName, languagesOf, setAt } from './raw-config.ts';
import { saveEdit } from './save.ts';
import { backLink, draftFields } from './studio-frame.ts';
import { wholeNumber, type StudioContext, type StudioKit } from './studio-kit.ts';
import { mapTexts, perLanguage, without } from './texts-walk.ts';
import { translateUrl } from './translate-routes.ts';
import { NOTHING_PUBLISHED } from './published.ts';

const URL = `${FORM_URL}/languages`;
const OFFERED = Object.keys(SHIPPED_STRINGS);

/** `config` with `lang` added (after the firm's `first`, for a form in one language until now). */
function added(config: unknown, lang: string, first: string): unknown {
  const languages = languagesOf(config);
  if (languages.includes(lang)) return config;
  const firm = languages[0] ?? first;
  const listed = setAt(
    config,
    ['languages'],
    languages.length > 0
      ? [...languages, lang]
      : [firm, lang].filter((l, i, all) => all.indexOf(l) === i),
  );
  return mapTexts(listed, NOTHING_PUBLISHED, perLanguage(firm));
}

/** `config` without `lang` (never the firm's). */
function removed(config: unknown, lang: string): unknown {
  const languages = languagesOf(config);
  if (!languages.includes(lang) || languages[0] === lang) return config;
  const texts = mapTexts(config, NOTHING_PUBLISHED, without(lang));
  return setAt(
    texts,
    ['languages'],
    languages.filter((one) => one !== lang),
  );
}

/** The languages page and its changes, as a Hono app the studio mounts. */
export function languagesRoutes(kit: StudioKit) {
  const app = new Hono<{ Variables: ConsoleVariables }>();

  const draw = async (c: StudioContext) => {
    const { draft, languages } = await kit.load();
    const canEdit = kit.canEdit(c);
    const csrf = c.get('csrf');
    const base = jsonOf(languages);
    const addable = OFFERED.filter((lang) => !languages.includes(lang));
    const body = html`${backLink(FORM_URL, 'Back to the form')}
      <h1>Languages</h1>
      ${doneNotice(wholeNumber(c.req.query('saved')) !== undefined ? 'Saved to the draft.' : undefined)}
      ${
        languages.length === 0
          ? html`<p>The form is in one language: its texts are what every visitor reads.</p>`
          : html`<p>
                The first is the firm’s: the platform receives every label in it, whatever the
                visitor read.
              </p>
              <ol class="reorder">
                ${languages.map(
                  (lang, i) =>
                    html`<li>
                      <div class="reorder__item">
                        <p class="reorder__name">
                          ${languageName(lang)}
                          <span class="muted">(${lang})${i === 0 ? ', the firm’s' : ''}</span>
                        </p>
                        ${
                          i > 0
                            ? html`<p>
                                <a href="${translateUrl(lang)}"
                                  >Every ${languageName(lang)} text, on one page</a
                                >
                              </p>`
                            : ''
                        }
                      </div>
                      ${
                        canEdit && i > 0
                          ? html`<form method="post" action="${URL}" class="reorder__buttons">
                              ${draftFields(csrf, draft.revision, base)}<input
                                type="hidden"
                                name="remove"
                                value="${lang}"
                              />
                              <button type="submit" class="small danger">
                                Remove<span class="visually-hidden"> ${languageName(lang)}</span>
                              </button>
                            </form>`
                          : ''
                      }
                    </li>`,
                )}
              </ol>`
      }
      ${
        canEdit && addable.length > 0
          ? html`<h2>Add a language</h2>
              <form method="post" action="${URL}" class="stack">
                ${draftFields(csrf, draft.revision, base)}
                ${
                  languages.length === 0
                    ? html`<label for="firm-language"
                          >The language the form is written in now</label
                        >
                        <select id="firm-language" name="firm">
                          ${OFFERED.map((lang) => html`<option value="${lang}">${languageName(lang)}</option>`)}
                        </select>`
                    : ''
                }
                <label for="add-language">Language to add</label>
                <select id="add-language" name="add">
                  ${addable.map((lang) => html`<option value="${lang}" ${lang === 'cy' ? 'selected' : ''}>${languageName(lang)}</option>`)}
                </select>
                <p class="hint">
                  Every text then shows where its words in the new language are missing; the form
                  cannot go live until each is written.
                </p>
                <button type="submit" class="primary">Add the language</button>
              </form>`
          : ''
      }
      <p class="muted">
        Other languages need a strings file of the product’s words (docs/languages.md), which only
        the configuration file can name.
      </p>`;
    return kit.page(c, 'Languages', 'form', body);
  };

  app.get(URL, draw);
  app.post(URL, needsTo('edit the form'), async (c) => {
    const form = c.get('form');
    const add = OFFERED.find((lang) => lang === form.add);
    const remove = form.remove;
    const first = OFFERED.find((lang) => lang === form.firm) ?? 'en';
    const outcome = await saveEdit(kit.studio, kit.by(c), {
      revision: wholeNumber(form.revision) ?? -1,
      base: form.base ?? '',
      root: ['languages'],
      partIn: (config) => jsonOf(languagesOf(config)),
      apply: (config) =>
        add ? added(config, add, first) : remove ? removed(config, remove) : config,
    });
    if (outcome.kind === 'conflict') return c.redirect(`${URL}?stale=1`, 303);
    if (!outcome.unchanged)
      await kit.audit(
        c,
        add ? 'form add language' : 'form remove language',
        `${add ?? remove ?? ''}: draft revision ${String(outcome.draft.revision)}`,
      );
    return c.redirect(`${URL}?saved=${String(outcome.draft.revision)}`, 303);
  });
  return app;
}
