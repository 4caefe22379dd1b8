/**
 * A LibreOffice worker's profile, seeded before its first start with the settings that keep a
 * hostile document inert: linked pictures and documents from anywhere but a trusted location
 * (there is none) are blocked, links are never updated, macros never run. LibreOffice merges
 * `user/registrymodifications.xcu` over its defaults at start.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Each setting as `[path, name, type, value]`, under `/org.openoffice.Office.`. */
const SETTINGS: readonly (readonly [string, string, string, string])[] = [
  // Links to pictures or documents from an "untrusted referer": every document here.
  ['Common/Security/Scripting', 'BlockUntrustedRefererLinks', 'boolean', 'true'],
  // 3: very high; only macros in trusted locations run, and there are none.
  ['Common/Security/Scripting', 'MacroSecurityLevel', 'int', '3'],
  ['Common/Security/Scripting', 'DisableMacrosExecution', 'boolean', 'true'],
  // 2: never update links (fields, OLE links, linked sections) on load.
  ['Writer/Content/Update', 'Link', 'int', '2'],
  ['Writer/Content/Update', 'Field', 'boolean', 'false'],
];

const item = ([path, name, type, value]: (typeof SETTINGS)[number]) => {
  const [component, ...groups] = path.split('/');
  return `<item oor:path="/org.openoffice.Office.${component ?? ''}/${groups.join('/')}"><prop oor:name="${name}" oor:op="fuse"><value xsi:type="xs:${type}">${value}</value></prop></item>`;
};

/** The settings file's text. */
const PROFILE_SETTINGS = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
  ...SETTINGS.map(item),
  '</oor:items>',
  '',
].join('\n');

/** Seeds the empty profile directory `profile` with the settings. */
export async function seedProfile(profile: string): Promise<void> {
  await mkdir(join(profile, 'user'), { recursive: true });
  await writeFile(join(profile, 'user', 'registrymodifications.xcu'), PROFILE_SETTINGS);
}
