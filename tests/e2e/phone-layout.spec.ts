// On a 390 × 844 phone: no page scrolls sideways, the header's texts stay on one line, and every
// control is a touch target of at least 44 × 44 CSS px (WCAG 2.5.5).
//
// Exempt, as WCAG's "inline" exception allows: a link inside running text (a sentence in a <p> or
// a checkbox label), whose size the line height decides; making it 44 px tall would tear the
// paragraph apart. Everything else that can be tapped counts, links in lists and the footer too.
import { expect, test, type Page } from '@playwright/test';
import { apiWrite, registerViaApi, verifiedUser } from './support/accounts.ts';
import { insertEpisodes } from './support/database.ts';
import { createPodcastViaApi } from './support/podcasts.ts';

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

type Problems = { overflow: string | null; wrapped: string[]; small: string[] };

/**
 * Runs in the page: what breaks the three rules, described so a failure says where. `width` is
 * the phone's: with mobile emulation a too-wide page widens window.innerWidth itself (the phone
 * zooms out), so comparing with innerWidth alone would pass a page that overflows.
 */
function measure(width: number): Problems {
  const describe = (el: Element) => {
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const label = el.getAttribute('aria-label') ?? '';
    return `<${el.tagName.toLowerCase()}> "${label || text}"`;
  };
  const scroller = document.scrollingElement!;
  const viewport = Math.min(width, window.innerWidth);
  const overflow =
    scroller.scrollWidth > viewport ? `scrollWidth ${scroller.scrollWidth} > ${viewport}` : null;

  // Distinct line boxes of an element's text (its text nodes only; icons sit beside the text).
  const lines = (el: Element) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.add(Math.round(r.top / 4));
    }
    return tops.size;
  };
  const wrapped = Array.from(document.querySelectorAll('header a, header button'))
    .filter((el) => (el.textContent ?? '').trim() && lines(el) > 1)
    .map(describe);

  const inline = (el: Element) =>
    el.tagName === 'A' && Boolean(el.parentElement?.closest('p, label')) && !el.closest('nav');
  const controls = document.querySelectorAll(
    'a[href], button, summary, input:not([type=hidden]), select, textarea, [role=tab], [role=button]',
  );
  const small = Array.from(controls)
    .filter((el) => !el.closest('[aria-hidden="true"]') && !inline(el))
    .filter((el) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      // Not rendered, or visually hidden (the skip link until it gets focus).
      if (style.visibility === 'hidden' || box.width === 0 || el.matches('.sr-only:not(:focus)'))
        return false;
      return box.height < 44 || box.width < 44;
    })
    .map((el) => {
      const box = el.getBoundingClientRect();
      return `${describe(el)} ${Math.round(box.width)}×${Math.round(box.height)}`;
    });
  return { overflow, wrapped, small };
}

async function expectPhoneFriendly(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // Open every <details> so the controls inside count too.
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  expect(await page.evaluate(measure, WIDTH), path).toEqual({ overflow: null, wrapped: [], small: [] });
}

test('public pages', async ({ page }) => {
  for (const [path, heading] of [
    ['/', 'Lass deinen Podcast wachsen.'],
    ['/login', 'Anmelden'],
    ['/setup', 'Kostenlos registrieren'],
    ['/password/forgot', 'Passwort vergessen'],
    ['/password/reset?token=abc&email=niemand%40example.com', 'Neues Passwort festlegen'],
    ['/terms', 'Nutzungsbedingungen'],
    ['/privacy', 'Datenschutzerklärung'],
    ['/changelog', 'Changelog & Roadmap'],
    ['/nicht-da', 'Page not found.'],
  ] as const) {
    await expectPhoneFriendly(page, path, heading);
  }
  // The registration's second step, with its checkboxes.
  await page.goto('/setup');
  await page.getByLabel('Arbeitstitel').fill('Am Telefon');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { name: 'Account erstellen' })).toBeVisible();
  expect(await page.evaluate(measure, WIDTH), '/setup step 2').toEqual({
    overflow: null,
    wrapped: [],
    small: [],
  });
});

test('verify', async ({ page }) => {
  await registerViaApi(page);
  await expectPhoneFriendly(page, '/verify', 'Anmelde-Bestätigung ausstehend');
  await page.getByRole('button', { name: 'E-Mail-Adresse korrigieren' }).click();
  expect(await page.evaluate(measure, WIDTH), '/verify with the form').toEqual({
    overflow: null,
    wrapped: [],
    small: [],
  });
});

test('the app: header, tab bar, settings and the other signed-in pages', async ({ page }) => {
  await verifiedUser(page);
  const me = (await (await page.request.get('/api/account')).json()) as { data: { id: number } };
  for (const [path, heading] of [
    ['/app/onboarding/create', /.+/],
    ['/app/settings/profile', 'Einstellungen'],
    ['/app/settings/picture', 'Einstellungen'],
    ['/app/settings/account', 'Einstellungen'],
    ['/app/settings/password', 'Einstellungen'],
    ['/app/settings/contract', 'Einstellungen'],
    ['/app/settings/delete', 'Einstellungen'],
    ['/app/feedback', /.+/],
    ['/app/project', /.+/],
    ['/app/changelog', 'Changelog & Roadmap'],
    [`/app/profile/${me.data.id}`, /.+/],
  ] as const) {
    await expectPhoneFriendly(page, path, heading);
  }
  // The brand is the header's first link: one line, 'Kompass Studio'.
  const brand = page.locator('header a').first();
  await expect(brand).toHaveText('Kompass Studio');
  // The open profile menu.
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await page.evaluate(measure, WIDTH), 'profile menu').toEqual({
    overflow: null,
    wrapped: [],
    small: [],
  });
});

test('onboarding and the header with a podcast: selector, plan banner', async ({ page }) => {
  await verifiedUser(page);
  await expectPhoneFriendly(page, '/app/onboarding/create', 'Podcast anlegen');
  await page.getByRole('tab', { name: 'RSS-Feed importieren' }).click();
  expect(await page.evaluate(measure, WIDTH), 'import tab').toEqual({
    overflow: null,
    wrapped: [],
    small: [],
  });
  const podcast = await createPodcastViaApi(
    page,
    'Ein ziemlich langer Titel für einen Podcast über Gartenbau',
  );
  await expectPhoneFriendly(page, `/app/onboarding/confirm/${podcast.id}`, 'Stimmt alles?');
  await expectPhoneFriendly(page, '/app/podcasts/import', 'Podcast importieren');
  await page.getByRole('button', { name: /Podcast wechseln/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await page.evaluate(measure, WIDTH), 'podcast selector').toEqual({
    overflow: null,
    wrapped: [],
    small: [],
  });
});

test('the public header of a signed-in user ("Zum Studio") stays on one line', async ({ page }) => {
  await verifiedUser(page);
  await expectPhoneFriendly(page, '/terms', 'Nutzungsbedingungen');
  await expect(page.getByRole('link', { name: 'Zum Studio' })).toBeVisible();
});

test('with larger text (phone setting 125 %) the long German words still fit', async ({ page }) => {
  // A wider system font or a larger text setting is what made 'Datenschutzerklärung' overflow.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      document.documentElement.style.fontSize = '125%';
    });
  });
  for (const [path, heading] of [
    ['/terms', 'Nutzungsbedingungen'],
    ['/privacy', 'Datenschutzerklärung'],
    ['/changelog', 'Changelog & Roadmap'],
    ['/', 'Lass deinen Podcast wachsen.'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const { overflow, wrapped } = await page.evaluate(measure, WIDTH);
    expect({ overflow, wrapped }, path).toEqual({ overflow: null, wrapped: [] });
  }
});

test('the dashboard with every widget of a new podcast, its strategy opened', async ({ page }) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Zeitreise');
  await apiWrite(page, 'PUT', `/api/podcasts/${podcast.id}`, {
    title: 'Zeitreise',
    category_id: podcast.category_id,
    name: 'Zeitreise – der Geschichtspodcast mit einem ziemlich langen Untertitel',
    rss_uri: 'https://feeds.example.org/zeitreise.xml',
  });
  insertEpisodes(podcast.id, 20);
  await page.goto('/app/podcast');
  await expect(page.getByText('Zeige 1 bis 15 von 20 Ergebnissen')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dein Startgeschenk' })).toBeVisible();
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
  const strategy = page.getByRole('region', { name: 'Podcast-Strategie' });
  for (const section of await strategy.getByRole('button').all()) await section.click();
  expect(await page.evaluate(measure, WIDTH), '/app/podcast').toEqual({
    overflow: null,
    wrapped: [],
    small: [],
  });
});
