import { describe, expect, it } from 'vitest';
import {
  describeFaults,
  faultPatchFromEnv,
  FaultSettingsError,
  mulberry32,
  NO_FAULTS,
  parseFaultPatch,
} from './fault-settings.ts';

describe('NO_FAULTS', () => {
  it('is frozen and injects nothing', () => {
    expect(Object.isFrozen(NO_FAULTS)).toBe(true);
    expect(NO_FAULTS).toMatchObject({ latencyMs: 0, failRate: 0, failNext: 0, hangRate: 0 });
    expect(NO_FAULTS.endpoints).toEqual(['create', 'upload']);
  });
});

describe('parseFaultPatch', () => {
  it('accepts any subset of the settings', () => {
    expect(parseFaultPatch({ failRate: 0.25, endpoints: ['upload'] })).toEqual({
      failRate: 0.25,
      endpoints: ['upload'],
    });
  });

  it('accepts null to clear retryAfterSeconds', () => {
    expect(parseFaultPatch({ retryAfterSeconds: null })).toEqual({ retryAfterSeconds: null });
  });

  it.each([
    [{ failRate: 1.5 }, /^failRate: /],
    [{ hangRate: -0.1 }, /^hangRate: /],
    [{ failStatus: 200 }, /^failStatus: /],
    [{ latencyMs: 2.5 }, /^latencyMs: /],
    [{ endpoints: ['delete'] }, /^endpoints: /],
    [{ endpoints: [] }, /^endpoints: /],
    [{ failRatio: 0.5 }, /failRatio/],
  ])('refuses %j with a message naming the setting', (patch, message) => {
    expect(() => parseFaultPatch(patch)).toThrow(FaultSettingsError);
    expect(() => parseFaultPatch(patch)).toThrow(message);
  });

  it('refuses a body that is not an object', () => {
    expect(() => parseFaultPatch([1])).toThrow(FaultSettingsError);
  });
});

describe('faultPatchFromEnv', () => {
  it('reads every FAULT_ variable', () => {
    const patch = faultPatchFromEnv({
      FAULT_LATENCY_MS: '250',
      FAULT_FAIL_RATE: '0.1',
      FAULT_FAIL_STATUS: '502',
      FAULT_RETRY_AFTER_SECONDS: '3',
      FAULT_FAIL_NEXT: '2',
      FAULT_HANG_RATE: '.05',
      FAULT_DROP_AFTER_CREATE_RATE: '0.2',
      FAULT_ENDPOINTS: 'create, upload',
      FAULT_HANG_FOR: 'stuck@example.com, slow@example.com',
      FAULT_SEED: '42',
    });
    expect(patch).toEqual({
      latencyMs: 250,
      failRate: 0.1,
      failStatus: 502,
      retryAfterSeconds: 3,
      failNext: 2,
      hangRate: 0.05,
      dropAfterCreateRate: 0.2,
      endpoints: ['create', 'upload'],
      hangFor: ['stuck@example.com', 'slow@example.com'],
      seed: 42,
    });
  });

  it('skips unset and empty variables', () => {
    expect(faultPatchFromEnv({ FAULT_FAIL_RATE: '', PATH: '/bin' })).toEqual({});
  });

  it('names the variable that is not a number', () => {
    expect(() => faultPatchFromEnv({ FAULT_LATENCY_MS: '1s' })).toThrow(
      'FAULT_LATENCY_MS: expected a number, got "1s"',
    );
  });

  it('names the variable that is out of range', () => {
    expect(() => faultPatchFromEnv({ FAULT_FAIL_RATE: '2' })).toThrow(/^FAULT_FAIL_RATE: /);
  });

  it('names FAULT_ENDPOINTS when it lists an unknown endpoint', () => {
    expect(() => faultPatchFromEnv({ FAULT_ENDPOINTS: 'create,delete' })).toThrow(
      /^FAULT_ENDPOINTS: /,
    );
  });
});

describe('describeFaults', () => {
  it('says none for no faults', () => {
    expect(describeFaults(NO_FAULTS)).toBe('none');
  });

  it('lists only the settings that differ from no faults', () => {
    const settings = { ...NO_FAULTS, failRate: 0.2, endpoints: ['upload' as const], seed: 9 };
    expect(describeFaults(settings)).toBe('failRate=0.2 endpoints=upload seed=9');
  });
});

describe('mulberry32', () => {
  it('gives the same sequence for the same seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(first[0]).toBeCloseTo(0.6011037519201636, 12);
  });

  it('gives a different sequence for another seed', () => {
    expect(mulberry32(1)()).not.toBe(mulberry32(2)());
  });

  it('stays within [0, 1) and spreads evenly', () => {
    const random = mulberry32(7);
    const draws = Array.from({ length: 10_000 }, random);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const mean = draws.reduce((sum, x) => sum + x, 0) / draws.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });
});
