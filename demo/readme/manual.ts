/**
 * The manual: the README (the front page) and its chapters in `docs/`. Its generated sections,
 * its snippets and the names it uses are checked wherever in the manual they are written.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Every file of the manual, the front page first. */
export function manualFiles(): string[] {
  const chapters = readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...chapters];
}

/** The whole manual as one text (for checks that do not care which chapter says it). */
export function readManual(): string {
  return manualFiles()
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
}

/** The body of the fenced block whose info string is `info` (e.g. "json form-config"), wherever it is. */
export function manualBlock(info: string, manual = readManual()): string {
  const match = new RegExp('```' + info + '\\n([\\s\\S]*?)\\n```').exec(manual);
  if (!match?.[1]) throw new Error(`the manual has no \`\`\`${info} block`);
  return match[1];
}
