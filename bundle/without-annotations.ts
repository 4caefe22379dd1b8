/**
 * Drops the `/* @__PURE__ *\/` annotations Terser leaves in every script of the widget (the
 * entry, its parts, the late bundle and its chunks). They tell a bundler that re-bundles the code
 * which calls it may drop; these files are served to browsers as they are, where the annotations
 * are some 50 B brotli of comments on every page. `browser-options.ts` asks Rolldown for no
 * annotations, but Vite's Terser step keeps them in a library build whatever it is told, so they
 * go after it. Every script is a library build: an app build would add Vite's preload helper to
 * the late bundle's imports of its chunks (some 500 B brotli), and one way for all is simpler.
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const ANNOTATION = /\/\*\s*[#@]__(?:PURE|NO_SIDE_EFFECTS)__\s*\*\//g;

/** The code without annotations, with its source map; undefined when it had none. */
export function withoutAnnotations(code: string): MagicString | undefined {
  const stripped = new MagicString(code);
  for (const match of code.matchAll(ANNOTATION))
    stripped.remove(match.index, match.index + match[0].length);
  return stripped.hasChanged() ? stripped : undefined;
}

/** The plugin: after every other step that renders a chunk, Terser's included. */
export const annotationsDropped = (): Plugin => ({
  name: 'enquiry-form:annotations-dropped',
  apply: 'build',
  renderChunk: {
    order: 'post',
    handler(code) {
      const stripped = withoutAnnotations(code);
      return (
        stripped && { code: stripped.toString(), map: stripped.generateMap({ hires: 'boundary' }) }
      );
    },
  },
});
