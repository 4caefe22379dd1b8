/**
 * The language switch, a chunk of its own: only a tag with `language-switch` whose form lists
 * several languages loads it (`index.ts`). One button per language, each named in itself and
 * marked with its `lang`, above the form; pressing one fetches the form in that language
 * (`GET /api/form?lang=`) and draws it in place of the other, with everything typed and every
 * file picked kept, and the button keeps focus. The choice is kept for the tab's session, so a
 * reload comes back to it.
 *
 * The switch is plain DOM placed before what the element renders (Lit leaves nodes before its
 * own marker alone), so a new configuration redraws the form but never the switch: the focused
 * button stays the same node, and no byte of it is in the entry or the late bundle.
 */
import type { PublicFormConfig } from '#contract';
import type { ElementBase } from '../element-base.ts';
import type { FormLanguage } from '../language.ts';
import { keepChoices } from './language-answers.ts';
import { languageSwitchStyles } from './language-switch.styles.ts';
import { adoptStyles } from './lit-tags.ts';
import type { LatePorts } from './ports.ts';

/** Where the chosen language is kept: one choice for every form of the site, for the session. */
const CHOSEN_KEY = 'enquiry-form:language';

const languageOf = (config: PublicFormConfig | undefined) => (config ?? {}) as FormLanguage;

/** The language chosen earlier in this session, if storage allows. */
function chosenBefore(): string | null {
  try {
    return sessionStorage.getItem(CHOSEN_KEY);
  } catch {
    return null; // storage switched off: the switch works, without its memory
  }
}

function remember(tag: string): void {
  try {
    sessionStorage.setItem(CHOSEN_KEY, tag);
  } catch {
    // As above.
  }
}

/**
 * Adds the switch to `host`'s form: drawn, and kept in step with the form's language, at each of
 * the element's updates; a language chosen earlier in the session is fetched at once.
 */
export function attach(host: ElementBase, ports: LatePorts): void {
  // Loaded again when what the form needs changes (`index.ts`): one switch is enough.
  if (host.renderRoot.querySelector('.language-switch')) return;
  const { session, state } = ports;
  const list = document.createElement('ul');
  list.className = 'language-switch';
  list.part.add('language-switch');
  adoptStyles(host.renderRoot, languageSwitchStyles);
  host.renderRoot.prepend(list);
  let drawnFor = '';

  /** Fetches the form in `tag` and shows it; a failure leaves the form as it was. */
  const choose = async (tag: string) => {
    remember(tag);
    const before = session.config;
    if (!before || languageOf(before).language === tag || state.sending) return;
    let after: PublicFormConfig;
    try {
      const response = await fetch(session.url(`/api/form?lang=${encodeURIComponent(tag)}`), {
        credentials: 'omit',
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return;
      after = (await response.json()) as PublicFormConfig;
    } catch {
      return; // offline: the form stays in the language it is in, and a press tries again
    }
    // A second press answered first, or the form was sent meanwhile: that one stands.
    if (session.config !== before || state.status.kind === 'sending') return;
    keepChoices(before, after, session.values);
    session.config = after;
    // Problems were said in the other language: Send says them again in this one.
    const { kind } = state.status;
    state.set(kind === 'invalid' || kind === 'failed' ? { kind: 'idle' } : state.status);
  };

  const draw = () => {
    const { language, languages = [], dir } = languageOf(session.config);
    list.hidden = languages.length < 2;
    list.lang = language ?? '';
    if (dir) list.dir = dir;
    else list.removeAttribute('dir');
    const offered = languages.map((one) =>
      typeof one === 'string' ? { tag: one, name: one } : one,
    );
    const key = offered.map((one) => `${one.tag}=${one.name}`).join();
    if (key !== drawnFor) {
      drawnFor = key;
      list.replaceChildren(
        ...offered.map(({ tag, name }) => {
          const item = document.createElement('li');
          const button = item.appendChild(document.createElement('button'));
          button.type = 'button';
          button.className = 'language-switch__choice';
          button.lang = tag;
          button.dataset.tag = tag;
          button.textContent = name;
          button.addEventListener('click', () => void choose(tag));
          return item;
        }),
      );
    }
    for (const button of list.querySelectorAll('button'))
      button.ariaPressed = String(button.dataset.tag === language);
  };

  host.addController({ hostUpdated: draw });
  draw();
  const chosen = chosenBefore();
  const offered = languageOf(session.config).languages ?? [];
  if (chosen && offered.some((one) => (typeof one === 'string' ? one : one.tag) === chosen))
    void choose(chosen);
}
