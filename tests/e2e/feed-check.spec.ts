// Feed-Check on a phone (issue 22): a podcaster imports a faulty feed from a local server, sees on
// the dashboard how many 'Fehler' and 'Warnung' it has, opens 'Feed-Check', sees the findings
// with the methods that help and the rhythm; fixes the feed, presses 'Feed jetzt prüfen' and sees
// what got fixed. An observer reads the report without the button.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { apiWrite, verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { startFeedServer, type Served } from './support/feed-server.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const fixture = (name: string) => readFileSync(new URL(`../fixtures/feeds/${name}`, import.meta.url), 'utf8');
const png = async (width: number, height: number) => ({
  type: 'image/png',
  body: await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer(),
});

test('import a faulty feed, see its findings and methods, fix it, check again, see what got fixed', async ({
  page,
}) => {
  const served: Record<string, Served> = {
    '/cover-klein.png': await png(500, 400),
    '/cover-gut.png': await png(1400, 1400),
  };
  const feeds = await startFeedServer(served);
  const serve = (name: string) => {
    served['/feed.xml'] = fixture(name).replaceAll('{{ORIGIN}}', feeds.origin);
  };
  try {
    serve('kompass-fehlerhaft.rss');
    await verifiedUser(page);
    await apiWrite(page, 'POST', '/api/podcasts:import', { rss_uri: feeds.url('/feed.xml') });

    // The dashboard's widget counts the faults and leads to the screen.
    await page.goto('/app/podcast');
    const widget = page.getByRole('region', { name: 'Feed-Check' });
    await expect(widget.getByTestId('feed-check-counts')).toHaveText(/^[1-9]\d* Fehler · \d+ Warnung(en)?$/);
    await widget.getByRole('link', { name: 'Zum Feed-Check' }).click();

    await expect(page).toHaveURL(/\/app\/podcast\/feed-check$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Feed-Check' })).toBeVisible();
    await expect(page.getByText(/^Geprüft am /)).toBeVisible();
    const errors = page.getByRole('region', { name: /^Fehler \(\d+\)$/ });
    const size = errors.getByRole('listitem').filter({ hasText: 'Cover in falscher Größe' });
    await expect(size).toContainText('500 × 400');
    await expect(
      size.getByRole('link', { name: 'Ein Cover, das auch in Briefmarkengröße wirkt' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Keine iTunes-Kategorie' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Doppelte GUIDs' })).toBeVisible();

    const rhythm = page.getByRole('region', { name: 'Rhythmus' });
    await expect(rhythm.getByText('alle 7 Tage')).toBeVisible();
    await expect(rhythm.getByText('Dienstag')).toBeVisible();
    await expect(rhythm.getByRole('table', { name: 'Folgen und mittlere Dauer pro Monat' })).toBeVisible();
    await expect(rhythm.getByTestId('rhythm-chart').locator('canvas')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Behoben seit der letzten Prüfung' })).toHaveCount(0);
    await expectAccessible(page, 'Feed-Check with findings');

    // The podcaster fixes the feed and checks again.
    serve('kompass-gut.rss');
    await page.getByRole('button', { name: 'Feed jetzt prüfen' }).click();
    const resolved = page.getByRole('region', { name: 'Behoben seit der letzten Prüfung' });
    await expect(resolved.getByRole('listitem').filter({ hasText: 'Cover in falscher Größe' })).toBeVisible();
    await expect(resolved.getByRole('listitem').filter({ hasText: 'Keine iTunes-Kategorie' })).toBeVisible();
    await expect(resolved.getByRole('listitem').filter({ hasText: 'Doppelte GUIDs' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Doppelte GUIDs' })).toHaveCount(0);
    await expectAccessible(page, 'Feed-Check after the fix');
  } finally {
    await feeds.close();
  }
});
