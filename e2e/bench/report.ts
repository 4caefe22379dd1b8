/**
 * The report: `BENCHMARKS.md` at the repository root, one section per benchmark between
 * `<!-- bench:name -->` markers, so running one benchmark replaces its section and keeps the
 * others. Numbers are formatted here, the machine is read at run time, and the file is
 * written through prettier so `prettier --check` passes as it is.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import * as prettier from 'prettier';
import { findTool } from '../../proxy/test/fixtures/system-tools.ts';

const REPORT_PATH = 'BENCHMARKS.md';

/** A markdown table; every cell is already text. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/** `1234.5` → `1,235`; `12.345` → `12.3`; `0.1234` → `0.12`: three significant figures or so. */
export function num(value: number): string {
  if (!Number.isFinite(value)) return '–';
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return value.toLocaleString('en-GB', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

export const ratio = (value: number) => `${num(value)}×`;
export const mib = (bytes: number) => `${num(bytes / (1024 * 1024))} MiB`;

/** The value below which `q` of the sorted values lie (nearest rank). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 === 1
    ? (sorted[Math.floor(mid)] ?? NaN)
    : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

/** What a command prints, on either stream (`nginx -v` writes to stderr, `wrk` exits 1). */
const output = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return result.error ? 'not found' : `${result.stdout}${result.stderr}`;
};

const firstLine = (text: string) => text.trim().split('\n')[0] ?? '';

/** What the figures were measured on, read now. */
export function machine(chromiumVersion: string): string {
  const cpuInfo = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuInfo)?.[1] ?? cpus()[0]?.model ?? 'unknown';
  const virtual = /^flags\s*:.*\bhypervisor\b/m.test(cpuInfo) ? ' (virtual machine)' : '';
  const os = /^PRETTY_NAME="(.+)"$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? 'Linux';
  const disk = firstLine(output('findmnt', ['-n', '-o', 'SOURCE,FSTYPE', '--target', '/tmp']));
  return table(
    ['', ''],
    [
      ['CPU', `${model}${virtual}, ${cpus().length} cores`],
      ['RAM', `${num(totalmem() / 1024 ** 3)} GiB`],
      ['OS', `${os}, Linux ${release()}`],
      ['Disk under `/tmp` (outboxes)', disk || 'unknown'],
      ['Node', process.version],
      ['Chromium', chromiumVersion],
      [
        'nginx',
        firstLine(output(findTool('nginx') ?? 'nginx', ['-v'])).replace('nginx version: ', ''),
      ],
      ['wrk', firstLine(output('/usr/bin/wrk', ['--version'])).split(' [')[0] ?? ''],
    ],
  );
}

/** The 1-minute load average: how busy the machine was besides us. */
export const load = () => num(loadavg()[0] ?? NaN);

export interface Section {
  name: string;
  markdown: string;
}

const marker = (name: string) =>
  new RegExp(`<!-- bench:${name} -->[\\s\\S]*?<!-- /bench:${name} -->`);

/** Sections already in the report, in order, by name. */
function existingSections(): Map<string, string> {
  const found = new Map<string, string>();
  if (!existsSync(REPORT_PATH)) return found;
  const text = readFileSync(REPORT_PATH, 'utf8');
  for (const match of text.matchAll(/<!-- bench:([a-z-]+) -->/g)) {
    const name = match[1] ?? '';
    const section = marker(name).exec(text)?.[0];
    if (section) found.set(name, section);
  }
  return found;
}

/** A section as the report holds it now, markers and all; undefined when it has none. */
export const writtenSection = (name: string) => existingSections().get(name);

/** Writes the report: `header`, then each section in `order`, new ones replacing old ones. */
export async function writeReport(
  header: string,
  order: readonly string[],
  fresh: readonly Section[],
): Promise<void> {
  const sections = existingSections();
  for (const { name, markdown } of fresh)
    sections.set(name, `<!-- bench:${name} -->\n\n${markdown.trim()}\n\n<!-- /bench:${name} -->`);
  const body = order.flatMap((name) => sections.get(name) ?? []).join('\n\n');
  const text = `${header.trim()}\n\n${body}\n`;
  const options = (await prettier.resolveConfig(REPORT_PATH)) ?? {};
  writeFileSync(REPORT_PATH, await prettier.format(text, { ...options, filepath: REPORT_PATH }));
}
