/** Playwright global setup: the browser suites always test the current widget sources. */
import { ensureWidgetBuilt } from '../../demo/build-widget.ts';

export { BUNDLE_PATH } from '../../demo/build-widget.ts';

export default function buildWidget(): void {
  const { built, summary } = ensureWidgetBuilt();
  if (built) console.log(`widget built: ${summary}`);
}
