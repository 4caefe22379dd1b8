import { spawnSync } from 'node:child_process';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_WAITING_BYTES, TurnBatchedSink } from './log-sink.ts';

/** A sink whose writes are recorded; `answer` decides what each write does. */
function recorded(answer: (bytes: Uint8Array) => number = (bytes) => bytes.byteLength) {
  const writes: string[] = [];
  const sink = new TurnBatchedSink((bytes) => {
    const taken = answer(bytes);
    writes.push(Buffer.from(bytes.subarray(0, taken)).toString());
    return taken;
  });
  return { sink, writes };
}

const again = () => Object.assign(new Error('EAGAIN'), { code: 'EAGAIN' });

describe('TurnBatchedSink', () => {
  it('writes the lines of one turn in one write, in order, at the end of the turn', async () => {
    const { sink, writes } = recorded();
    sink.write('a\n');
    sink.write('b\n');
    expect(writes).toEqual([]);
    await nextTurn();
    sink.write('c\n');
    await nextTurn();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes on after a short write until every byte is taken', async () => {
    const { sink, writes } = recorded((bytes) => Math.min(3, bytes.byteLength));
    sink.write('hello\n');
    await nextTurn();
    expect(writes.join('')).toBe('hello\n');
  });

  describe('on a non-blocking pipe that is full (EAGAIN)', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    /** A sink whose pipe answers EAGAIN until `open()`. */
    function fullPipe() {
      let full = true;
      const recording = recorded((bytes) => {
        if (full) throw again();
        return bytes.byteLength;
      });
      return { ...recording, open: () => (full = false) };
    }

    it('keeps the lines refused and writes them once it takes them', async () => {
      const { sink, writes, open } = fullPipe();
      sink.write('first\n');
      await nextTurn();
      sink.write('second\n');
      open();
      vi.advanceTimersByTime(100);
      expect(writes.join('')).toBe('first\nsecond\n');
    });

    it('lets lines go past its limit only while nothing is taken, and says how many', async () => {
      const { sink, writes, open } = fullPipe();
      const line = `${'x'.repeat(1023)}\n`;
      const fits = MAX_WAITING_BYTES / line.length;
      for (let i = 0; i < fits + 5; i++) sink.write(line);
      await nextTurn();
      open();
      vi.advanceTimersByTime(100);
      sink.write('after\n');
      await nextTurn();
      const lines = writes.join('').trimEnd().split('\n');
      expect(lines.length).toBe(fits + 2);
      expect(lines.slice(0, fits).every((written) => written === line.trimEnd())).toBe(true);
      expect(JSON.parse(lines[fits] ?? '{}')).toMatchObject({ level: 'warn', dropped: 5 });
      expect(lines[fits + 1]).toBe('after');
    });

    it('counts what waits in bytes, so lines of letters outside ASCII are bounded too', async () => {
      const { sink, writes, open } = fullPipe();
      const line = `${'é'.repeat(1023)}\n`; // 1,024 characters, 2,047 bytes
      for (let i = 0; i < MAX_WAITING_BYTES / line.length; i++) sink.write(line);
      await nextTurn();
      open();
      vi.advanceTimersByTime(100);
      const lines = writes.join('').trimEnd().split('\n');
      const kept = lines.slice(0, -1);
      expect(Buffer.byteLength(`${kept.join('\n')}\n`)).toBeLessThanOrEqual(MAX_WAITING_BYTES);
      expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ level: 'warn' });
    });

    it('takes a write that took nothing as "try again", not a reason to spin', async () => {
      let calls = 0;
      const { sink, writes } = recorded((bytes) => (++calls === 1 ? 0 : bytes.byteLength));
      sink.write('line\n');
      await nextTurn();
      expect(calls).toBe(1);
      vi.advanceTimersByTime(100);
      expect(writes.join('')).toBe('line\n');
    });
  });

  it('gives up quietly when standard output is gone', async () => {
    const { sink } = recorded(() => {
      throw Object.assign(new Error('EPIPE'), { code: 'EPIPE' });
    });
    sink.write('lost\n');
    await nextTurn();
    expect(() => {
      sink.flushSync();
    }).not.toThrow();
  });
});

describe('the proxy logger on standard output', () => {
  it('writes every line, the last ones too when the process exits in the same turn', () => {
    const script = `
      import { createLogger } from './proxy/logger.ts';
      const log = createLogger();
      for (let i = 0; i < 3; i++) log.info({ i }, 'line');
      process.exit(0);`;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
      },
    );
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { i: number });
    expect(lines.map(({ i }) => i)).toEqual([0, 1, 2]);
  });
});
