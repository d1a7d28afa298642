import { signInToDashboard } from './support/admin-workflow';
import { expect, test } from './support/mfa-fixtures';
import { chartsDisclosure, openOverviewCharts } from './support/overview-charts';

/**
 * The overview's weekly chart names its weeks under the bars: at a phone's width and wider, each
 * column's labels sit side by side without touching, inside the chart, each from its own bar. On
 * a phone the charts sit behind a closed disclosure, which the test opens.
 */
test('the weekly chart labels its weeks without overlap at 375, 768 and 1440 px', async ({
  page,
  backend,
}) => {
  test.setTimeout(90_000);
  const admin = await backend.createAdminWithTotp();
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToDashboard(page, admin);
  // Below the list, from tablet width the charts are open without a click.
  const overview = page.getByRole('region', { name: 'Charts and lead sources' });
  await expect(overview.getByText('Enquiries per week, last 12 weeks')).toBeVisible();

  for (const width of [375, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 375) {
      // Narrowed to a phone, the disclosure closes until opened; then the person's choice holds.
      await expect(chartsDisclosure(page)).not.toHaveAttribute('open');
      await openOverviewCharts(page);
    }
    await expect(chartsDisclosure(page)).toHaveAttribute('open', '');
    const faults = await overview.evaluate((region) => {
      const found: string[] = [];
      const axes = [...region.querySelectorAll('[aria-hidden="true"]')].filter(
        (axis) =>
          axis.querySelector('[data-week-label]') && getComputedStyle(axis).display !== 'none',
      );
      if (axes.length === 0) found.push('no week axis shown');
      for (const axis of axes) {
        const box = axis.getBoundingClientRect();
        const bars = [
          ...(axis.parentElement?.querySelector('svg')?.querySelectorAll('rect') ?? []),
        ].map((bar) => bar.getBoundingClientRect());
        const labels = [...axis.querySelectorAll<HTMLElement>('[data-week-label]')];
        if (labels.length !== 6) found.push(`${labels.length} labels, not 6`);
        let previousRight = -Infinity;
        for (const label of labels) {
          const range = document.createRange();
          range.selectNodeContents(label);
          const text = range.getBoundingClientRect();
          const index = Number(label.style.gridColumnStart) - 1;
          const bar = bars[index];
          if (text.left < previousRight + 2)
            found.push(`"${label.textContent}" touches its neighbour`);
          if (text.left < box.left - 0.5 || text.right > box.right + 0.5)
            found.push(`"${label.textContent}" leaves the chart`);
          if (!bar || Math.abs(text.left - bar.left) > 2)
            found.push(`"${label.textContent}" does not start at its bar`);
          previousRight = text.right;
        }
      }
      return found;
    });
    expect(faults, `at ${width} px`).toEqual([]);
  }
});
