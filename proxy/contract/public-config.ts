/**
 * What `GET /api/form` answers, made from the configuration file: the configuration itself (it
 * holds no secrets), the file picker ready to show, and the proxy's settings a form needs. The
 * proxy's route, the widget's test harness and the embed code's tests all make it here.
 */
import { filePicker } from './limits.ts';
import type { FormConfig, PublicFormConfig } from './schemas/form-config.ts';

/** The proxy's settings the form is told about (its bot checks). */
export type PublicSettings = Omit<PublicFormConfig, keyof FormConfig | 'picker'>;

/** The configuration as `GET /api/form` answers with it. */
export const publicConfig = (
  config: FormConfig,
  settings: PublicSettings = {},
): PublicFormConfig => ({
  ...config,
  picker: filePicker(config.files.kinds),
  ...settings,
});
