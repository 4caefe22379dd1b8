/**
 * What can go wrong on purpose, so the proxy's retries, timeouts and outbox are tested against
 * a platform that is slow, down, silent or cuts the line, reproducibly (seeded).
 */
import { z } from 'zod';
import { QUIRKS } from './quirks.ts';

/** The two service endpoints faults can apply to. */
export const ENDPOINTS = Object.freeze(['create', 'upload'] as const);
/** One of the platform's two endpoints. */
export type Endpoint = (typeof ENDPOINTS)[number];

const rate = z.number().min(0).max(1);

/** Every setting, all required: the shape `GET /__control/faults` answers with. */
export const faultSettingsSchema = z.strictObject({
  /** Added to every faulted-endpoint request before anything else happens. */
  latencyMs: z.int().min(0).max(600_000),
  /** Chance (0..1) that a request fails with `failStatus`. */
  failRate: rate,
  failStatus: z.int().min(400).max(599),
  /** When set, failures carry `Retry-After` with this many seconds; `null` for none. */
  retryAfterSeconds: z.int().min(0).max(86_400).nullable(),
  /** The next N requests fail with `failStatus` (a burst); counts down to 0. */
  failNext: z.int().min(0).max(1_000_000),
  /** Chance (0..1) that a request is never answered. */
  hangRate: rate,
  /** Chance (0..1) that a create is stored, then its connection cut before any answer. */
  dropAfterCreateRate: rate,
  /**
   * The visitors' email addresses whose creates are never answered, whatever else happens: a
   * lead the platform chokes on while it answers every other at once.
   */
  hangFor: z.array(z.string().max(254)).max(100),
  /** Which endpoints the faults apply to. */
  endpoints: z.array(z.enum(ENDPOINTS)).min(1),
  /** Seed of the PRNG behind every rate, so runs are reproducible. */
  seed: z.int().min(0).max(0xffff_ffff),
  /** A WordPress answer to give instead of the spec's (see `quirks.ts`); `none` by default. */
  quirk: z.enum(QUIRKS),
});

/** Every fault knob, with its current value. */
export type FaultSettings = z.infer<typeof faultSettingsSchema>;

/** Some settings; the rest keep their current values. */
const faultPatchSchema = faultSettingsSchema.partial();
/** Some fault knobs: what `PUT /__control/faults` and `FaultInjector.set` take. */
export type FaultPatch = z.infer<typeof faultPatchSchema>;

/** No faults at all: what the stand-in starts with unless told otherwise. */
export const NO_FAULTS: Readonly<FaultSettings> = Object.freeze({
  latencyMs: 0,
  failRate: 0,
  failStatus: 503,
  retryAfterSeconds: null,
  failNext: 0,
  hangRate: 0,
  dropAfterCreateRate: 0,
  hangFor: Object.freeze<string[]>([]) as string[],
  endpoints: Object.freeze([...ENDPOINTS]) as Endpoint[],
  seed: 1,
  quirk: 'none',
});

/** Thrown for settings that cannot be used; its message names each bad setting. */
export class FaultSettingsError extends Error {
  override name = 'FaultSettingsError';
}

/** One line naming each problem, e.g. `failRate: Too big: expected number to be <=1`. */
const describe = (error: z.ZodError, nameOf: (key: string) => string) =>
  error.issues
    .map((issue) => {
      const key = issue.path.length > 0 ? nameOf(String(issue.path[0])) : '';
      return key ? `${key}: ${issue.message}` : issue.message;
    })
    .join('; ');

/**
 * Validates a patch from an untrusted source (the control route, JSON).
 *
 * @example parseFaultPatch({ failRate: 0.5 }) // { failRate: 0.5 }
 */
export function parseFaultPatch(input: unknown): FaultPatch {
  const parsed = faultPatchSchema.safeParse(input);
  if (!parsed.success) throw new FaultSettingsError(describe(parsed.error, (key) => key));
  return parsed.data;
}

/** The environment variable for each setting. */
const FAULT_ENV = Object.freeze({
  latencyMs: 'FAULT_LATENCY_MS',
  failRate: 'FAULT_FAIL_RATE',
  failStatus: 'FAULT_FAIL_STATUS',
  retryAfterSeconds: 'FAULT_RETRY_AFTER_SECONDS',
  failNext: 'FAULT_FAIL_NEXT',
  hangRate: 'FAULT_HANG_RATE',
  dropAfterCreateRate: 'FAULT_DROP_AFTER_CREATE_RATE',
  hangFor: 'FAULT_HANG_FOR',
  endpoints: 'FAULT_ENDPOINTS',
  seed: 'FAULT_SEED',
  quirk: 'FAULT_QUIRK',
} satisfies Record<keyof FaultSettings, string>);

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** The settings that are lists, comma-separated in the environment. */
const LISTS = new Set(['endpoints', 'hangFor']);

/**
 * Reads the `FAULT_*` variables (unset or empty ones are skipped). `FAULT_ENDPOINTS` and
 * `FAULT_HANG_FOR` are comma-separated lists; every other one is a number. Throws a `FaultSettingsError` whose
 * message names the variable, for a one-line start-up error.
 *
 * @example faultPatchFromEnv({ FAULT_FAIL_RATE: '0.2' }) // { failRate: 0.2 }
 */
export function faultPatchFromEnv(env: Record<string, string | undefined>): FaultPatch {
  const input: Record<string, unknown> = {};
  for (const [key, name] of Object.entries(FAULT_ENV)) {
    const text = env[name]?.trim();
    if (!text) continue;
    if (LISTS.has(key)) input[key] = text.split(',').map((part) => part.trim());
    else if (key === 'quirk') input[key] = text;
    else if (DECIMAL.test(text)) input[key] = Number(text);
    else throw new FaultSettingsError(`${name}: expected a number, got "${text}"`);
  }
  const parsed = faultPatchSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const names: Record<string, string> = FAULT_ENV;
  throw new FaultSettingsError(describe(parsed.error, (key) => names[key] ?? key));
}

/**
 * The settings that differ from `NO_FAULTS`, for a start-up line; `none` when there are none.
 *
 * @example describeFaults({ ...NO_FAULTS, failRate: 0.2 }) // 'failRate=0.2'
 */
export function describeFaults(settings: Readonly<FaultSettings>): string {
  const changed = Object.entries(settings).filter(
    ([key, value]) =>
      JSON.stringify(value) !== JSON.stringify(NO_FAULTS[key as keyof FaultSettings]),
  );
  return changed.length === 0 ? 'none' : changed.map(([k, v]) => `${k}=${String(v)}`).join(' ');
}

/**
 * mulberry32: a tiny, fast PRNG with a 32-bit state; plenty for choosing which requests fail,
 * and the same seed always gives the same choices.
 *
 * @example const random = mulberry32(42); random() // 0.6011037519201636
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
