/** `npm run docs`: rewrites the README's generated sections and `.env.example` (build the widget first). */
import { readFileSync, writeFileSync } from 'node:fs';
import { renderEnvExample } from './env-example.ts';
import { generatedSections, renderReadme } from './sections.ts';

const write = (path: string, text: string) => {
  const before = readFileSync(path, 'utf8');
  writeFileSync(path, text);
  console.log(before === text ? `${path} is up to date.` : `${path} regenerated.`);
};

write('README.md', renderReadme(readFileSync('README.md', 'utf8'), generatedSections()));
write('.env.example', renderEnvExample());
