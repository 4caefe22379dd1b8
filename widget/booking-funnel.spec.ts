/**
 * The appointment question in the form view's funnel report (issue #75, item 8), against mocked
 * routes: a view whose picker showed free times says so, once, in the report it sends when the
 * page is left; a view whose question had no time free does not. The report carries a flag, never
 * a time or how many were shown.
 */
import { expect, test, type Page } from '@playwright/test';
import type { FunnelReport } from '../proxy/contract/funnel.ts';
import { bookingConfig, DECEMBER, slotsReply, WHEN } from '../e2e/support/booking-form.ts';
import { openForm } from '../e2e/support/widget-harness.ts';

test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'Europe/London', locale: 'en-GB' });

/** The funnel reports the page sends (`navigator.sendBeacon` to `/api/events`). */
function reportsOf(page: Page): FunnelReport[] {
  const reports: FunnelReport[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events')
      reports.push(JSON.parse(request.postData() ?? 'null') as FunnelReport);
  });
  return reports;
}

for (const [free, says] of [
  [DECEMBER, 'Tue 1 Dec'],
  [[], 'There are no free times to book at the moment.'],
] as const)
  test(`a view whose question ${free.length > 0 ? 'showed free times says so' : 'had no time free says nothing of times'} in its funnel report, once`, async ({
    page,
  }) => {
    const reports = reportsOf(page);
    const { form } = await openForm(page, {
      config: bookingConfig(),
      attributes: { campaign: 'spring-2027' },
      slots: () => slotsReply(free),
    });
    await form.getByLabel('First name').fill('Ada');
    await form.getByRole('radio', { name: 'Book a first consultation' }).check();
    await form.getByRole('radio', { name: 'Family' }).check();
    const picker = form.getByRole('group', { name: WHEN });
    await expect(picker.getByText(says)).toBeVisible();
    // The visitor leaves the page: the view's one report goes.
    await page.evaluate(() => {
      dispatchEvent(new Event('pagehide'));
      dispatchEvent(new Event('pagehide'));
    });
    await expect.poll(() => reports.length).toBe(1);
    expect(reports[0]?.shown).toContain('call');
    expect(reports[0]?.offered).toBe(free.length > 0 ? true : undefined);
  });
