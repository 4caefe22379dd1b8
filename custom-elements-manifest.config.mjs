/**
 * `cem analyze` reads the element's class doc (@summary, @event, @csspart, @cssprop, one line
 * per property) and writes `dist/widget/custom-elements.json` beside the bundle.
 */
export default {
  globs: ['widget/**/*.ts'],
  exclude: ['widget/**/*.spec.ts', 'widget/**/*.test.ts'],
  outdir: 'dist/widget',
  litelement: true,
  // The package is private; its package.json is not a place for a published manifest path.
  packagejson: false,
};
