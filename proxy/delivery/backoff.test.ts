import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, nextAttempt, retryDelay, type RetryPolicy } from './backoff.ts';

const highest = () => 1 - Number.EPSILON;
const lowest = () => 0;

/** Runs the schedule against a fake clock: each attempt fails at the moment it is made. */
function attemptTimes(policy: RetryPolicy, random: () => number): number[] {
  const times = [0];
  for (let failures = 1; failures < 1000; failures += 1) {
    const next = nextAttempt(0, failures, times.at(-1) ?? 0, policy, random);
    if ('giveUp' in next) return times;
    times.push(next.at);
  }
  throw new Error('the schedule never gives up');
}

describe('retryDelay', () => {
  it('doubles from the base and keeps to the cap', () => {
    const delays = [1, 2, 3, 4, 12, 13, 40].map((n) =>
      retryDelay(n, DEFAULT_RETRY_POLICY, highest),
    );
    expect(delays).toEqual([2000, 4000, 8000, 16000, 3_600_000, 3_600_000, 3_600_000]);
  });

  it('jitters within the upper half of each wait', () => {
    expect(retryDelay(3, DEFAULT_RETRY_POLICY, lowest)).toBe(4000);
    expect(retryDelay(3, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(6000);
  });

  it('waits at least as long as the platform asked with Retry-After', () => {
    expect(retryDelay(1, DEFAULT_RETRY_POLICY, lowest, 120_000)).toBe(120_000);
    expect(retryDelay(12, DEFAULT_RETRY_POLICY, highest, 5_000)).toBe(3_600_000);
  });
});

describe('the retry schedule', () => {
  it('spans two weeks and tries one last time at the give-up moment', () => {
    expect(DEFAULT_RETRY_POLICY.giveUpAfterMs).toBe(14 * 86_400_000);
    for (const random of [lowest, highest, () => 0.37]) {
      const times = attemptTimes(DEFAULT_RETRY_POLICY, random);
      expect(times.at(-1)).toBe(DEFAULT_RETRY_POLICY.giveUpAfterMs);
      // Hourly at most once the first hour has passed: 14 × 24 tries and a few more.
      expect(times.length).toBeGreaterThan(14 * 24);
      expect(times.length).toBeLessThan(14 * 24 * 2 + 20);
      // The first minutes are busy (a blip heals fast); later tries are at most an hour apart.
      expect(times.filter((t) => t <= 60_000).length).toBeGreaterThanOrEqual(4);
      const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
      expect(Math.max(...gaps)).toBeLessThanOrEqual(3_600_000);
    }
  });

  it('gives up once the submission is older than the limit', () => {
    const window = DEFAULT_RETRY_POLICY.giveUpAfterMs;
    expect(nextAttempt(0, 5, window, DEFAULT_RETRY_POLICY)).toEqual({ giveUp: true });
    expect(nextAttempt(0, 5, window - 1000, DEFAULT_RETRY_POLICY, highest)).toEqual({
      at: window,
    });
  });

  it('follows a configured short schedule', () => {
    const policy = { baseMs: 10, maxDelayMs: 40, giveUpAfterMs: 200 };
    expect(attemptTimes(policy, highest)).toEqual([0, 10, 30, 70, 110, 150, 190, 200]);
  });
});
