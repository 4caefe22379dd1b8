/**
 * The proxy app in memory for route tests: a real SQLite outbox (in memory), a real Deliverer,
 * and a fake enquiry API client that records every call, on a clock the test controls.
 */
import { afterEach } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { createApp, type AppDeps } from '../app.ts';
import type { BotCheckOptions } from '../bots/bot-check.ts';
import { createFormTokens } from '../bots/form-token.ts';
import type { EnquiryPartInput } from '../contract/schemas/enquiry-part.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { createMemoryLogger } from '../logger.ts';
import { Deliverer } from '../outbox/deliverer.ts';
import { openSqliteOutbox } from '../outbox/sqlite-store.ts';
import { fakeClient, type ApiCall } from '../outbox/testing.ts';

export const ORIGIN = 'https://www.lovelace-law.example';
export const START = Date.UTC(2027, 2, 27, 9, 0, 0);

/** Answers create with 1001 and each upload with 5000 + n. */
export const healthyPlatform = (call: ApiCall, n: number) =>
  call.endpoint === 'create' ? 1001 : 5000 + n;

export interface HarnessOptions {
  config?: FormConfig;
  answer?: (call: ApiCall, n: number) => number | Promise<number>;
  deps?: Partial<AppDeps>;
  /** Added to the bot checks (which use the harness's own form tokens and clock). */
  bots?: Partial<BotCheckOptions>;
}

export function proxyHarness(options: HarnessOptions = {}) {
  const clock = { now: START };
  const now = () => clock.now;
  const store = openSqliteOutbox(':memory:');
  const { client, calls } = fakeClient(options.answer ?? healthyPlatform);
  const logs = createMemoryLogger();
  const deliverer = new Deliverer({ store, client, log: logs.log, now, authRetryMs: 60_000 });
  const tokens = createFormTokens('test-secret-that-is-long-enough-000', now);
  const config = options.config ?? lawFirm;
  const app = createApp({
    config,
    allowedOrigins: [ORIGIN],
    store,
    deliverer,
    log: logs.log,
    widget: new Map(),
    deliveryDeadlineMs: 2000,
    bots: { tokens, minFillMs: 3000, now, ...options.bots },
    rateLimits: { perClientPerMinute: 1000, globalPerMinute: 10_000 },
    maxInFlightBytes: 256 * 1024 * 1024,
    clientIp: (c) => c.req.header('x-test-ip') ?? '203.0.113.1',
    now,
    ...options.deps,
  });

  /** A form token as if the form had loaded `secondsAgo` seconds ago. */
  const formToken = (secondsAgo = 30) => {
    const saved = clock.now;
    clock.now -= secondsAgo * 1000;
    const token = tokens.issue();
    clock.now = saved;
    return token;
  };

  /** Posts a multipart submission, as the widget does, from the allowed origin. */
  const submit = (
    enquiry: Partial<EnquiryPartInput> | string = {},
    files: { name: string; bytes: Uint8Array; type?: string }[] = [],
    headers: Record<string, string> = {},
  ) => {
    const form = new FormData();
    const part =
      typeof enquiry === 'string'
        ? enquiry
        : JSON.stringify({ ...validEnquiry(), form_token: formToken(), ...enquiry });
    form.append('enquiry', part);
    for (const file of files)
      form.append(
        'files',
        new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? '' }),
      );
    return app.request('/api/enquiries', {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN, ...headers },
    });
  };

  const close = async () => {
    await deliverer.stop(0);
    await store.close();
  };

  return { app, store, calls, logs, clock, tokens, deliverer, formToken, submit, close };
}

export type ProxyHarness = ReturnType<typeof proxyHarness>;

/** A `setUp(options)` for a test file: each harness it makes is closed after its test. */
export function harnessPerTest(): (options?: HarnessOptions) => ProxyHarness {
  const open: ProxyHarness[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((harness) => harness.close()));
  });
  return (options = {}) => {
    const harness = proxyHarness(options);
    open.push(harness);
    return harness;
  };
}

/** A complete, valid conveyancing enquiry for the law firm example. */
export function validEnquiry(): EnquiryPartInput {
  return {
    forename: 'Ada',
    surname: 'Lovelace',
    email: 'ada@example.com',
    telephone_mobile: '07700 900123',
    case_type: 'conveyancing',
    answers: {
      transaction: 'Buying',
      property_value: 'Under £250,000',
      lender: 'Nationwide',
      notes: 'First home',
    },
    marketing: {
      lead_referer: 'google-ads',
      campaign: 'spring-2027',
      keywords: 'conveyancing solicitor',
      detail: 'hero banner B',
    },
    website: '',
  };
}

/** The meta the proxy builds from `validEnquiry()`: ids and labels from the configuration, in its order. */
export const VALID_ENQUIRY_META = Object.freeze([
  { id: 'transaction', label: 'Are you buying or selling?', value: 'Buying' },
  { id: 'property_value', label: 'Roughly what is the property worth?', value: 'Under £250,000' },
  { id: 'lender', label: 'Which lender is providing your mortgage?', value: 'Nationwide' },
  { id: 'notes', label: 'Anything else we should know?', value: 'First home' },
]);

const bytesOf = (...parts: (string | number[] | Uint8Array)[]) =>
  new Uint8Array(
    Buffer.concat(
      parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
    ),
  );

/** `size` bytes of a repeating pattern, so a lost or swapped chunk changes the checksum. */
const body = (size: number, step: number) => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * step + (i >> 8)) & 0xff;
  return bytes;
};

/** Small files of each kind, with a body so their bytes can be compared. */
export const sampleFiles = {
  pdf: (size = 4000) => bytesOf('%PDF-1.7\n', body(size, 31)),
  png: (size = 3000) => bytesOf([0x89], 'PNG\r\n', [0x1a, 0x0a], body(size, 7)),
  jpeg: (size = 3000) => bytesOf([0xff, 0xd8, 0xff, 0xe0], body(size, 13)),
  gif: () => bytesOf('GIF89a', [1, 0, 1, 0, 0, 0, 0]),
  exe: () => bytesOf('MZ', [0x90, 0, 3, 0], 'This program cannot be run in DOS mode'),
  mp3: () => bytesOf('ID3', [4, 0, 0, 0, 0, 0], 'audio'),
};
