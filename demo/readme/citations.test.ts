/**
 * No pointer leads nowhere: every file the repository cites (in the manual, the folder maps and
 * comments) is a file a clone has, and every section it cites of the README, a chapter of
 * `docs/` or another Markdown file is a heading that file has. Files the proxy writes, the build
 * makes, an operator creates or WordPress has are named as such below, each with why.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { citations, headingsOf, resolveCited, trackedTextFiles } from './citations.ts';

/** Names of files that are not the repository's, and whose they are. */
const NOT_OURS: Readonly<Record<string, string>> = {
  'enquiry.json': 'written into a lead’s export',
  'manifest.json': 'written into a person’s export',
  'answer.json': 'an example name for what the platform answers',
  'late-files.json': 'written by the build into dist/widget/',
  'custom-elements.json': 'written by the build (cem analyze)',
  'form.json': 'the form configuration an operator writes',
  'polish.json': 'a strings file an operator writes, named by the form configuration',
  'wp-config.php': 'WordPress’s own',
  'index.php': 'WordPress’s own',
};

const tracked = trackedTextFiles();
const cited = citations(tracked);
const where = (citation: { in: string; line: number }) => `${citation.in}:${String(citation.line)}`;

describe('what the repository cites', () => {
  it('finds the citations it checks, messages and comments included', () => {
    const from = (path: string) => cited.filter((citation) => citation.in === path);
    expect(from('proxy/main.ts')).toContainEqual(
      expect.objectContaining({ file: 'docs/production.md', section: 'Your platform' }),
    );
    expect(from('proxy/README.md').map((citation) => citation.file)).toContain('machine/plan.ts');
  });

  it('names only files a clone has', () => {
    const missing = cited
      .filter((citation) => {
        const name = citation.file.split('/').at(-1) ?? '';
        return !NOT_OURS[name] && !resolveCited(citation.in, citation.file, tracked);
      })
      .map((citation) => `${where(citation)} ${citation.file}`);
    expect(missing).toEqual([]);
  });

  it('names only sections its files have', () => {
    const wrong = cited
      .filter((citation) => citation.section !== undefined)
      .filter((citation) => {
        const file = resolveCited(citation.in, citation.file, tracked);
        const headings = file ? headingsOf(readFileSync(file, 'utf8')) : [];
        return !headings.includes(citation.section ?? '');
      })
      .map((citation) => `${where(citation)} ${citation.file}, "${citation.section ?? ''}"`);
    expect(wrong).toEqual([]);
  });

  it('cites nothing outside the clone', () => {
    const outside = cited
      .filter((citation) => /^\.\.\/|enquiry-api-spec|STYLE\.md|DESIGN\.md/.test(citation.file))
      .filter((citation) => !resolveCited(citation.in, citation.file, tracked))
      .map((citation) => `${where(citation)} ${citation.file}`);
    expect(outside).toEqual([]);
  });
});
