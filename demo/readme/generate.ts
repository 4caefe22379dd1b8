/** `npm run docs`: rewrites the README's generated sections (build the widget first). */
import { readFileSync, writeFileSync } from 'node:fs';
import { generatedSections, renderReadme } from './sections.ts';

const before = readFileSync('README.md', 'utf8');
const after = renderReadme(before, generatedSections());
writeFileSync('README.md', after);
console.log(before === after ? 'README.md is up to date.' : 'README.md regenerated.');
