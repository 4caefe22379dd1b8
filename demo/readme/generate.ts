/**
 * `npm run docs`: rewrites the generated sections of the manual (the README and `docs/`) and
 * `.env.example` (build the widget first).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { renderEnvExample } from './env-example.ts';
import { manualFiles } from './manual.ts';
import { generatedSections, renderReadme } from './sections.ts';

const write = (path: string, text: string) => {
  const before = readFileSync(path, 'utf8');
  writeFileSync(path, text);
  console.log(before === text ? `${path} is up to date.` : `${path} regenerated.`);
};

const sections = generatedSections();
for (const path of manualFiles()) write(path, renderReadme(readFileSync(path, 'utf8'), sections));
write('.env.example', renderEnvExample());
