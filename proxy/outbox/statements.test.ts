/**
 * Each statement of the outbox is written once: the rules (`machine/`), the binder and both
 * stores' own code (accept, file bytes, heartbeat, limiter) hold no statement twice, and no
 * near-twin either, one that is another with a column, a condition or a clause added (the
 * files' insert with a `blob` column in one store and not the other). A statement that differs
 * by a piece belongs in one plan with that piece as its parameter or the dialect's.
 *
 * Read from the source as written: every string or template literal that starts a statement,
 * its whitespace collapsed, its placeholders (`@name`, `$n`, `?`) one `?`, an interpolation one
 * `${}`. The migrations (`schema.ts`) are history, each step written as it ran, and left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const OUTBOX = join(ROOT, 'proxy/outbox');

interface Written {
  /** `path:line` of the literal. */
  at: string;
  /** The statement, normalised. */
  text: string;
}

const STATEMENT = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;

/** Placeholders of both dialects and of the plans, as one. */
const normalised = (sql: string) =>
  sql
    .replace(/@\w+|\$\d+|\?/g, '?')
    .replace(/\s+/g, ' ')
    .trim();

/** The outbox's product modules: no tests, no migrations. */
function modules(): string[] {
  return readdirSync(OUTBOX, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .filter((entry) => !entry.name.endsWith('.test.ts') && entry.name !== 'schema.ts')
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every statement written in `path`. */
function statementsOf(path: string): Written[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
  const found: Written[] = [];
  const visit = (node: ts.Node) => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node))
      text = node.head.text + node.templateSpans.map((span) => `\${}${span.literal.text}`).join('');
    if (text !== undefined && STATEMENT.test(text)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ at: `${relative(ROOT, path)}:${String(line)}`, text: normalised(text) });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Words, quoted text, `?`, `${}` and operators: what a statement is made of. */
const tokens = (sql: string) => sql.match(/'[^']*'|\w+|\?|\$\{\}|[^\s\w]/g) ?? [];

/**
 * Its verb and the table it names outside any parentheses: only statements alike in both are
 * compared (a `SELECT` of counts whose tables are all in subqueries has no table of its own).
 */
function subject(sql: string): string {
  let depth = 0;
  let outside = '';
  for (let i = 0; i < sql.length; i++) {
    const c = sql.charAt(i);
    if (c === '(') depth += 1;
    if (c === ')') depth -= 1;
    outside += depth === 0 ? c : ' ';
  }
  const table = /\b(?:FROM|INTO|UPDATE)\s+(\w+)/i.exec(outside)?.[1];
  return table ? `${sql.split(' ')[0]?.toUpperCase() ?? ''} ${table}` : '';
}

/** True when `longer` is `shorter` with tokens added (or the same). */
function extends_(shorter: readonly string[], longer: readonly string[]): boolean {
  let matched = 0;
  for (const token of longer) if (token === shorter[matched]) matched += 1;
  return matched === shorter.length;
}

/** Each pair of statements where one is the other, or the other with pieces added. */
function twins(statements: readonly Written[]): string[] {
  const pairs: string[] = [];
  statements.forEach((a, i) => {
    statements.slice(i + 1).forEach((b) => {
      if (!subject(a.text) || subject(a.text) !== subject(b.text)) return;
      const [short, long] = tokens(a.text).length <= tokens(b.text).length ? [a, b] : [b, a];
      if (extends_(tokens(short.text), tokens(long.text)))
        pairs.push(`${short.at} "${short.text}" is within ${long.at} "${long.text}"`);
    });
  });
  return pairs;
}

describe("the outbox's statements", () => {
  const statements = modules().flatMap(statementsOf);

  it('are found in the rules and in both stores', () => {
    const where = new Set(statements.map((s) => s.at.split('/')[2]));
    expect([...where].sort()).toEqual(expect.arrayContaining(['machine', 'postgres', 'sqlite']));
  });

  it('are each written once, with no near-twin', () => {
    expect(twins(statements)).toEqual([]);
  });

  it('would name a near-twin: the same insert with a column added', () => {
    const probe = [
      { at: 'a.ts:1', text: normalised('INSERT INTO files (submission_id, idx) VALUES ($1, $2)') },
      {
        at: 'b.ts:1',
        text: normalised('INSERT INTO files (submission_id, idx, blob) VALUES (@id, @idx, @blob)'),
      },
      { at: 'c.ts:1', text: normalised('UPDATE files SET skipped = 1 WHERE idx = @idx') },
    ];
    expect(twins(probe)).toEqual([
      'a.ts:1 "INSERT INTO files (submission_id, idx) VALUES (?, ?)" is within b.ts:1 "INSERT INTO files (submission_id, idx, blob) VALUES (?, ?, ?)"',
    ]);
  });
});
