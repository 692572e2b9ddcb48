// Feed-Check on a phone: a podcaster imports a faulty feed from a local server, sees on
// the dashboard how many 'Fehler' and 'Warnung' it has, the methods the faults raise in 'Als
// Nächstes empfohlen' and the rhythm per month; opens 'Feed-Check', sees the findings with the
// methods that help and the rhythm; fixes the feed, presses 'Feed jetzt prüfen', sees what got
// fixed, and back on the dashboard other recommendations and the new feed's months.
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiWrite, verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { startFeedServer, type Served } from './support/feed-server.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

const fixture = (name: string) => readFileSync(new URL(`../fixtures/feeds/${name}`, import.meta.url), 'utf8');
const png = async (width: number, height: number) => ({
  type: 'image/png',
  body: await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer(),
});

const widget = (page: Page, title: string) => page.getByRole('region', { name: title });

/** 'Als Nächstes empfohlen': each method's title and its first reason (after the percentage). */
const recommended = async (page: Page) => {
  const rows = widget(page, 'Als Nächstes empfohlen').getByRole('list', { name: 'Empfohlene Methoden' });
  await expect(rows.getByRole('link')).toHaveCount(3);
  return (await rows.getByRole('link').allTextContents()).map((text) => {
    const [, title = '', reason = ''] = /^(.*?)(?:Kompass )?\d+ % passend(.*)$/.exec(text) ?? [];
    return [title.trim(), reason.trim()] as const;
  });
};

/** The rhythm table's rows as text: month, episodes, mean duration. */
const rhythmRows = (rhythm: Locator) =>
  rhythm.getByRole('table', { name: 'Folgen und mittlere Dauer pro Monat' }).locator('tbody tr');

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
    const podcast = (await apiWrite(page, 'POST', '/api/podcasts:import', {
      rss_uri: feeds.url('/feed.xml'),
    })) as { id: number };
    // Goals, so the Kompass recommends (as in tests/server/feed-check/evidence-engine.test.ts).
    await apiWrite(page, 'PUT', `/api/podcasts/${podcast.id}/objective`, {
      ...Object.fromEntries(
        ['throughput', 'interaction', 'monetization', 'expertise', 'referability', 'enjoyment'].map((k) => [
          k,
          'low',
        ]),
      ),
      coverage: 'high',
      reputation: 'medium',
    });

    // The dashboard: the faults raise the methods that address them, saying so; the rhythm per
    // month (no durations in this feed) as a chart and a table.
    await page.goto('/app/podcast');
    const faulty = await recommended(page);
    expect(faulty[0]![1]).toMatch(/^Dein Feed: /);
    const dashboardRhythm = widget(page, 'Rhythmus');
    await expect(rhythmRows(dashboardRhythm)).toHaveText([
      /^Oktober 2026\s*2\s*–$/,
      /^November 2026\s*4\s*–$/,
    ]);
    await expect(dashboardRhythm.getByTestId('rhythm-chart').locator('canvas')).toBeVisible();

    // The dashboard's widget counts the faults and leads to the screen.
    const counts = widget(page, 'Feed-Check');
    await expect(counts.getByTestId('feed-check-counts')).toHaveText(/^[1-9]\d* Fehler · \d+ Warnung(en)?$/);
    await counts.getByRole('link', { name: 'Zum Feed-Check' }).click();

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

    // Back on the dashboard: the fixed faults no longer raise their methods, the recommendations
    // are others; the months have the fixed feed's episodes and durations (41–44 and 45–48 min).
    await page.getByRole('main').getByRole('link', { name: 'Kompass Fehlerhaft' }).click();
    await expect(page).toHaveURL(/\/app\/podcast$/);
    await expect(rhythmRows(widget(page, 'Rhythmus'))).toHaveText([
      /^Oktober 2026\s*4\s*43 Min\.$/,
      /^November 2026\s*4\s*47 Min\.$/,
    ]);
    // The cached list shows first; the refetch brings the new one.
    await expect(widget(page, 'Als Nächstes empfohlen').getByText(faulty[0]![1])).toHaveCount(0);
    const fixed = await recommended(page);
    expect(fixed.map(([title]) => title)).not.toEqual(faulty.map(([title]) => title));
    await expectAccessible(page, 'the dashboard after the fix');
  } finally {
    await feeds.close();
  }
});

test('a podcast without episodes: the dashboard says what the rhythm will show, no chart', async ({
  page,
}) => {
  await verifiedUser(page);
  await createPodcastViaApi(page, 'Noch ohne Folgen');
  await page.goto('/app/podcast');
  const rhythm = widget(page, 'Rhythmus');
  await expect(rhythm).toContainText('Noch keine Folgen mit Datum.');
  await expect(rhythm.getByRole('table')).toHaveCount(0);
  await expect(rhythm.getByTestId('rhythm-chart')).toHaveCount(0);
});
