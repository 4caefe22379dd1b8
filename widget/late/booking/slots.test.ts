import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSlots, SlotsSource, slotsQuery } from './slots.ts';

const OPEN = {
  timeZone: 'Europe/London',
  minutes: 30,
  status: 'open',
  slots: [{ start: '2026-12-01T09:00:00Z', end: '2026-12-01T09:30:00Z' }],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the query of GET /api/slots', () => {
  it('names the case type and the facts the routing reads, and leaves out what is empty', () => {
    expect(
      slotsQuery({
        caseType: 'wills',
        campaign: '',
        lang: 'cy',
        answers: [
          ['area', 'Cardiff & Vale'],
          ['needs', ['Probate', '', 'Tax']],
        ],
      }),
    ).toBe(
      'case-type=wills&lang=cy&answer.area=Cardiff+%26+Vale&answer.needs=Probate&answer.needs=Tax',
    );
  });
});

describe('an answer of GET /api/slots', () => {
  it('is read when it is one the proxy serves', () => {
    expect(readSlots(OPEN)).toEqual(OPEN);
    expect(readSlots({ ...OPEN, status: 'full', slots: [] })?.status).toBe('full');
  });

  it.each([
    ['a zone Intl does not know', { ...OPEN, timeZone: 'Mars/Olympus' }],
    ['an unknown status', { ...OPEN, status: 'maybe' }],
    [
      'a start not in the served form',
      { ...OPEN, slots: [{ start: '2026-12-01 09:00', end: '2026-12-01T09:30:00Z' }] },
    ],
    [
      'a slot ending before it starts',
      { ...OPEN, slots: [{ start: '2026-12-01T09:30:00Z', end: '2026-12-01T09:00:00Z' }] },
    ],
    ['no list', { ...OPEN, slots: 'all day' }],
    ['not an object', 'busy'],
  ])('is refused with %s', (_, body) => {
    expect(readSlots(body)).toBeUndefined();
  });

  it('offers nothing when the proxy says none is free, whatever its list holds', () => {
    expect(readSlots({ ...OPEN, status: 'unavailable' })?.slots).toEqual([]);
  });
});

describe('the free times of one form', () => {
  it('keep each query’s answer a minute, and ask again once told a time was taken', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response(JSON.stringify(OPEN)));
    });
    const source = new SlotsSource((query) => `/api/slots?${query}`);
    expect(await source.ask('case-type=wills')).toEqual(OPEN);
    expect(source.kept('case-type=wills')).toEqual(OPEN);
    expect(source.kept('case-type=family')).toBeUndefined();
    source.forget();
    expect(source.kept('case-type=wills')).toBeUndefined();
    expect(fetched).toEqual(['/api/slots?case-type=wills']);
  });

  it('drop an answer a later question overtook, and fail on a refusal', async () => {
    const answers: ((response: Response) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          answers.push(resolve);
          init.signal?.addEventListener('abort', () => {
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const source = new SlotsSource((query) => `/api/slots?${query}`);
    const first = source.ask('case-type=wills&answer.area=Family');
    const second = source.ask('case-type=wills&answer.area=Wills');
    expect(await first).toBeUndefined();
    answers[1]?.(new Response(JSON.stringify({ error: 'rate_limited' }), { status: 429 }));
    await expect(second).rejects.toThrow('not an answer of GET /api/slots');
  });
});
