/**
 * `npm run pack:widget` (after the widget's build and manifest): the widget's npm package
 * (`widget-package.ts`), packed into `dist/`. The tarball's path is the last line printed, for
 * `npm install ./dist/enquiry-form-<version>.tgz` in an app.
 */
import { packWidget } from './widget-package.ts';

console.log(await packWidget());
