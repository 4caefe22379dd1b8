/**
 * The named example form configurations. The demo site, the unit tests, the widget specs, the
 * end-to-end suite and the accessibility sweep all use these, so they cannot drift apart.
 */
import { readFileSync } from 'node:fs';
import {
  parseFormConfig,
  parseFormConfigs,
  type FormConfig,
  type FormConfigs,
} from '../../proxy/contract/schemas/form-config.ts';

const read = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./${name}.json`, import.meta.url), 'utf8'));
const load = (name: string): FormConfig => parseFormConfig(read(name));

/** Path of an example's JSON file, for `FORM_CONFIG`. */
export const exampleConfigPath = (name: ExampleName): string =>
  new URL(`./${name}.json`, import.meta.url).pathname;

/** A law firm's "start your enquiry" form: three case types, every question type, files. */
export const lawFirm: FormConfig = load('law-firm');

/** A one-question call-back form: telephone required, email hidden, no files. */
export const callback: FormConfig = load('callback');

/** A home-buying form in English and Welsh: translated options, a hint and consent. */
export const bilingual: FormConfigs = parseFormConfigs(read('bilingual'));

/** Every example, by name. */
export const EXAMPLE_CONFIGS = Object.freeze({
  'law-firm': lawFirm,
  /**
   * The law firm's form as `npm start` serves it: the same, with every feature a newcomer tries
   * turned on (saving, the confirmation email, teams, a call to book). The tests build on
   * `law-firm`, adding the one feature each tries.
   */
  'law-firm-demo': load('law-firm-demo'),
  callback,
  bilingual: bilingual.first,
});
/** The name of an example configuration. */
export type ExampleName = keyof typeof EXAMPLE_CONFIGS;
