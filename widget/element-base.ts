/**
 * What `<enquiry-form>` takes from LitElement, in a quarter of its bytes: properties set from
 * attributes, an update batched per microtask that renders with lit-html, controllers, and one
 * constructable stylesheet. LitElement, ReactiveElement and Lit's `css` tag would be 2.5 KB of
 * the entry's brotli, a fifth of its 12 KiB budget, for much this element never uses
 * (reflection, typed converters, decorators, style fallbacks for browsers without
 * `adoptedStyleSheets`); this is 0.6 KB.
 *
 * It keeps Lit's contract where the element and its controllers rely on it: `requestUpdate`,
 * `updateComplete`, `addController`, `shouldUpdate` / `willUpdate` / `updated` with the changed
 * properties, and properties a framework set on the element before it was defined.
 */
import type { PropertyValues, ReactiveController } from 'lit';
import { render, type RenderOptions, type TemplateResult } from 'lit/html.js';
import { adoptStyles } from './late/lit-tags.ts';

/** A property taken from an attribute: its lowercased name, unless `attribute` names it. */
export interface PropertyOptions {
  attribute?: string;
  /** From the attribute's text to the property's value (the text itself by default). */
  converter?: (value: string | null) => unknown;
}

/** The attribute a property is taken from. */
const attributeOf = (key: string, options: PropertyOptions) =>
  options.attribute ?? key.toLowerCase();

/**
 * What a controller may ask of its element: Lit's `ReactiveControllerHost` without
 * `removeController`, which nothing here needs. Controllers are Lit's `ReactiveController`; they
 * hear `hostConnected`, `hostDisconnected` and `hostUpdated` (no controller here uses `hostUpdate`).
 */
export type ControllerHost = Pick<
  ElementBase,
  'addController' | 'requestUpdate' | 'updateComplete'
>;

// Server rendering imports the widget where there is no DOM (Next.js, Nuxt, Astro).
const ServerSafeHTMLElement =
  (globalThis as { HTMLElement?: typeof HTMLElement }).HTMLElement ??
  (Object as unknown as typeof HTMLElement);

/** The classes whose accessors are defined. */
const finalized = new WeakSet<typeof ElementBase>();

/** A custom element that renders a lit-html template whenever one of its properties changes. */
export abstract class ElementBase extends ServerSafeHTMLElement {
  /** The element's properties, each set from its attribute. */
  static properties: Record<string, PropertyOptions> = {};
  /** The element's CSS, adopted into its shadow root. */
  static styles = '';

  /**
   * The properties' attributes, their accessors defined on first asking. The platform asks once
   * per `customElements.define`, but a framework, a test or a subclass may ask again, and a
   * second `defineProperty` of a non-configurable accessor throws: each class is finalized once,
   * as Lit's `finalize()` does.
   */
  static get observedAttributes(): string[] {
    if (!finalized.has(this)) {
      finalized.add(this);
      for (const key of Object.keys(this.properties))
        Object.defineProperty(this.prototype, key, {
          get(this: ElementBase) {
            return this.#values.get(key);
          },
          set(this: ElementBase, value: unknown) {
            const old = this.#values.get(key);
            if (old === value) return;
            this.#values.set(key, value);
            this.requestUpdate(key, old);
          },
        });
    }
    return Object.entries(this.properties).map(([key, options]) => attributeOf(key, options));
  }

  /** The shadow root the element renders into (set when it is first connected). */
  renderRoot!: ShadowRoot;
  /** How lit-html renders the element's template. */
  protected readonly renderOptions: RenderOptions = { host: this };
  readonly #values = new Map<string, unknown>();
  readonly #controllers = new Set<ReactiveController>();
  #changed: PropertyValues = new Map();
  /** Properties set on the element before it was defined, given back once it is connected. */
  readonly #early = new Map<string, unknown>();
  #pending = false;
  #connected = false;
  #updated: Promise<boolean> = Promise.resolve(true);

  constructor() {
    super();
    const properties = (this.constructor as typeof ElementBase).properties;
    for (const key of Object.keys(properties)) {
      if (!Object.hasOwn(this, key)) continue;
      this.#early.set(key, this[key as keyof this]);
      Reflect.deleteProperty(this, key);
    }
  }

  /** Renders the element's shadow DOM. */
  protected abstract render(): TemplateResult | symbol;

  /** The shadow root (a declarative one the page drew, or a new one), with the styles adopted. */
  protected createRenderRoot(): ShadowRoot {
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    adoptStyles(root, (this.constructor as typeof ElementBase).styles);
    return root;
  }

  connectedCallback(): void {
    if (!this.#connected) {
      this.#connected = true;
      this.renderRoot = this.createRenderRoot();
      for (const [key, value] of this.#early) Object.assign(this, { [key]: value });
      this.#early.clear();
      this.requestUpdate();
    }
    for (const controller of this.#controllers) controller.hostConnected?.();
  }

  disconnectedCallback(): void {
    for (const controller of this.#controllers) controller.hostDisconnected?.();
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    const properties = (this.constructor as typeof ElementBase).properties;
    for (const [key, options] of Object.entries(properties)) {
      if (attributeOf(key, options) !== name) continue;
      Object.assign(this, { [key]: options.converter ? options.converter(value) : value });
    }
  }

  addController(controller: ReactiveController): void {
    this.#controllers.add(controller);
    if (this.#connected && this.isConnected) controller.hostConnected?.();
  }

  /** Renders again in a microtask, however many changes are made before it runs. */
  requestUpdate(name?: PropertyKey, old?: unknown): void {
    if (name !== undefined && !this.#changed.has(name)) this.#changed.set(name, old);
    // Before the element is connected the first update waits for it.
    if (this.#pending || !this.#connected) return;
    this.#pending = true;
    this.#updated = Promise.resolve().then(() => {
      this.#update();
      return true;
    });
  }

  /** Resolves once the update requested last has rendered. */
  get updateComplete(): Promise<boolean> {
    return this.#updated;
  }

  #update(): void {
    const changed = this.#changed;
    this.#changed = new Map();
    try {
      // As in Lit, an update that does not happen forgets what changed.
      if (!this.shouldUpdate(changed)) return;
      this.willUpdate(changed);
      render(this.render(), this.renderRoot, this.renderOptions);
    } finally {
      this.#pending = false;
    }
    for (const controller of this.#controllers) controller.hostUpdated?.();
    this.updated(changed);
  }

  /** Whether to render for these changes (always, by default). */
  protected shouldUpdate(_changed: PropertyValues): boolean {
    return true;
  }

  /** Called before rendering, to derive state from the changed properties. */
  protected willUpdate(_changed: PropertyValues): void {}

  /** Called after rendering. */
  protected updated(_changed: PropertyValues): void {}
}
