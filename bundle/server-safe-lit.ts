import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * lit-html's browser build touches the DOM as its module loads (`document.createTreeWalker`),
 * which throws where server rendering (Next.js, Nuxt, Astro) imports the widget. Lit's own Node
 * build guards it the same way; this does it in our bundle, and fails the build if a Lit update
 * changes what it rewrites. (The element's own base guards `extends HTMLElement` itself.)
 */
export function serverSafeLit(): Plugin {
  const rewrites: { file: string; from: RegExp; to: string }[] = [
    {
      file: '/lit-html/lit-html.js',
      from: /(\w+)=document,/,
      to: '$1=globalThis.document??{createTreeWalker(){return{}}},',
    },
  ];
  return {
    name: 'enquiry-form:server-safe-lit',
    apply: 'build',
    transform(code, id) {
      const rewrite = rewrites.find(({ file }) => id.endsWith(file));
      if (!rewrite) return null;
      const match = rewrite.from.exec(code);
      if (!match) this.error(`${rewrite.file} no longer has ${String(rewrite.from)}`);
      const edited = new MagicString(code);
      const [found] = match;
      edited.overwrite(
        match.index,
        match.index + found.length,
        found.replace(rewrite.from, rewrite.to),
      );
      return { code: edited.toString(), map: edited.generateMap({ hires: true }) };
    },
  };
}
