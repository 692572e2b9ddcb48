// What a podcaster tripped over on a 390 px phone, one check per item, each failing when
// the defect comes back: the assistant button over the page, tabs out of view, two plan
// names, nameless coworkers, filters, a lost podcast's polling, buy actions for observers, chart
// ticks, e-mail addresses, stacked banners, the soft 404, the spec's last gaps, the install.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  apiWrite,
  PASSWORD,
  registerViaApi,
  logoutViaMenu,
  uniqueEmail,
  verifiedUser,
  verifyViaMail,
  xsrfHeaders,
} from './support/accounts.ts';
import { expectNoAxeNodes, expectNoAxeNodesInPopups } from './support/axe.ts';
import { linkFromMail } from './support/mailbox.ts';
import { createPodcastViaApi } from './support/podcasts.ts';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
test.use(phone);

const INVITATION_SUBJECT = /einladung|eingeladen/i;

/** A second person on their own phone. */
async function secondPhone(browser: Browser) {
  const context = await browser.newContext({
    ...phone,
    baseURL: process.env.E2E_BASE_URL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  });
  return context.newPage();
}

/** Invites `email` as `type` to the page user's podcast; the token of the mailed link. */
async function invite(page: Page, podcastId: number, email: string, type: 'manager' | 'editor' | 'observer') {
  const since = Date.now();
  await apiWrite(page, 'POST', `/api/podcasts/${podcastId}/invitations`, { email, type });
  return new URL(await linkFromMail(email, INVITATION_SUBJECT, '/invitation/', since));
}

/** A verified user on `other` who accepted an invitation to the podcast as `type`. */
async function member(page: Page, other: Page, podcastId: number, type: 'manager' | 'editor' | 'observer') {
  const email = uniqueEmail(type);
  await registerViaApi(other, email);
  await verifyViaMail(other, email);
  await expect(other).toHaveURL(/\/app\//);
  const link = await invite(page, podcastId, email, type);
  const token = link.pathname.split('/').at(-1)!;
  const response = await other.request.post(`/api/invitations/${token}:accept`, {
    headers: await xsrfHeaders(other),
  });
  expect(response.status(), await response.text()).toBe(200);
  return email;
}

test('1: the Kompass-KI button sits in the tab bar: on every screen, at the top and at the end, in one place', async ({
  page,
}) => {
  test.slow();
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Daumenbreite');
  const screens = [
    '/app/settings/profile',
    '/app/settings/account',
    '/app/settings/password',
    '/app/settings/delete',
    '/app/podcast/edit/general',
    '/app/podcast/edit/objective',
    '/app/podcast/edit/strategy',
    '/app/podcast/edit/metrics',
    '/app/podcast/edit/milestones',
    '/app/podcast/edit/contract',
    `/app/podcasts/${podcast.id}/invite`,
    '/app/practices/list',
    '/app/practices/1/overview',
    '/app/practices/1/content',
    '/app/practices/1/context',
    '/app/practices/1/actions',
    '/app/practices/1/rating',
    '/app/feedback',
    '/app/podcast',
  ];
  const tabBar = page.getByRole('navigation', { name: 'Hauptmenü' });
  const assistant = tabBar.locator('[data-assistant-button]');
  let place: { x: number; y: number } | undefined;
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/^Lade .*(\.\.\.|…)$/)).toHaveCount(0);
    // On the first screen, in the tab bar, at the same place on every screen.
    await expect(assistant, path).toBeInViewport();
    place ??= await placeOf(assistant);
    expect(await placeOf(assistant), path).toEqual(place);
    // Scrolling moves the page under it, never the button.
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    await expect(assistant, `${path}, end`).toBeInViewport();
    expect(await placeOf(assistant), `${path}, end`).toEqual(place);
  }
  // The page's end is clear of the tab bar: the last control of <main> lies above it. The
  // dashboard's widgets may still grow the page after the loop's scroll: scroll and measure again
  // until the page has settled (a control under the bar at the settled end still fails).
  const bar = await tabBar.boundingBox();
  const last = page.locator('main a[href], main button').last();
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    const box = await last.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y);
  }).toPass();
});

/**
 * Where `locator` sits. Measured again when the element was swapped in the moment of measuring
 * (the popover's code replaces its placeholder once loaded: a detached element has no box).
 */
async function placeOf(locator: Locator) {
  const place = { x: 0, y: 0 };
  await expect(async () => {
    const box = await locator.boundingBox();
    expect(box).not.toBeNull();
    Object.assign(place, { x: box!.x, y: box!.y });
  }).toPass();
  return place;
}

/** The current pill of a tab row lies inside the row's visible width. */
async function expectActiveTabInView(page: Page, row: string) {
  const nav = page.getByRole('navigation', { name: row });
  const active = nav.locator('[aria-current="page"]');
  await expect(active).toBeVisible();
  // The row may still be scrolling; poll until the pill sits inside it.
  await expect
    .poll(async () => {
      const [n, a] = [await nav.boundingBox(), await active.boundingBox()];
      return n && a && a.x >= n.x - 1 && a.x + a.width <= n.x + n.width + 1;
    }, `${row}: current tab in view`)
    .toBe(true);
}

test('2: the current tab is scrolled into view in every tab row', async ({ page }) => {
  await verifiedUser(page);
  await createPodcastViaApi(page, 'Reiter');
  for (const [path, row] of [
    ['/app/practices/1/rating', 'Bereiche der Methode'],
    ['/app/practices/1/experiments', 'Bereiche der Methode'],
    ['/app/podcast/edit/contract', 'Bereiche des Podcasts'],
    ['/app/settings/delete', 'Bereiche der Einstellungen'],
  ] as const) {
    await page.goto(path);
    await expectActiveTabInView(page, row);
  }
  // Also after a navigation inside the row (no reload): back to the first tab.
  await page
    .getByRole('navigation', { name: 'Bereiche der Einstellungen' })
    .getByRole('link')
    .first()
    .click();
  await expectActiveTabInView(page, 'Bereiche der Einstellungen');
});

test('3 and 12: one plan name everywhere, the trial a compact link in the navigation', async ({ page }) => {
  await verifiedUser(page);
  await createPodcastViaApi(page, 'Planklar');
  const plan = 'Studio Pro (Testphase), noch 30 Tage';
  await page.goto('/app/podcast/edit/contract');
  await expect(page.locator('dl').filter({ hasText: 'Aktueller Plan' }).locator('dd')).toHaveText(plan);
  await page.goto('/app/settings/contract');
  await expect(page.locator('dl').filter({ hasText: 'Aktueller Plan' })).toContainText('„Planklar“');
  await expect(page.locator('dl').filter({ hasText: 'Aktueller Plan' }).locator('dd')).toHaveText(plan);
  // §2: the trial's days in the header, a link to the conversion page.
  const trial = page.getByRole('banner').getByRole('link', { name: 'Noch 30 Tage im Studio Pro' });
  await trial.click();
  await expect(page).toHaveURL(/\/app\/podcasts\/\d+\/conversion$/);
});

test('4: the invitation asks for the name; one avatar: initials, else a neutral icon', async ({
  page,
  browser,
}) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Mit Namen');
  const named = uniqueEmail('benannt');
  const link = await invite(page, podcast.id, named, 'editor');

  const guest = await secondPhone(browser);
  await guest.goto(link.pathname);
  await guest.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await guest.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await guest.getByRole('checkbox', { name: /Nutzungsbedingungen/ }).click();
  await guest.getByRole('checkbox', { name: /Datenschutzerklärung/ }).click();
  await guest.getByRole('button', { name: 'Account erstellen' }).click();
  await expect(guest.getByText('Bitte gib einen Namen an.')).toBeVisible();
  await guest.getByLabel('Dein Name').fill('Berta Mitte');
  await guest.getByRole('button', { name: 'Account erstellen' }).click();
  await expect(guest).toHaveURL(/\/app\/podcast$/);
  await guest.context().close();

  // Someone without a name (joined with an account of their own): a neutral icon, no '?'.
  const other = await secondPhone(browser);
  const nameless = await member(page, other, podcast.id, 'observer');
  await other.context().close();

  await page.goto('/app/podcast/coworkers');
  const team = page.getByRole('list', { name: 'Team' });
  const bertaRow = team.getByRole('listitem').filter({ hasText: named });
  await expect(bertaRow).toContainText('Berta Mitte');
  await expect(bertaRow.locator('[data-avatar]')).toHaveText('BM');
  const namelessRow = team.getByRole('listitem').filter({ hasText: nameless });
  await expect(namelessRow).toContainText('Ohne Name');
  await expect(namelessRow.locator('[data-avatar]')).toHaveAttribute('data-avatar', 'icon');
  await expect(namelessRow.locator('[data-avatar]')).toHaveText('');

  // The same avatar on the dashboard's widget and on the profile.
  await page.goto('/app/podcast');
  const widget = page.getByRole('region', { name: /Coworker\*innen/ });
  await expect(widget.getByRole('listitem').filter({ hasText: named }).locator('[data-avatar]')).toHaveText(
    'BM',
  );
  await page.goto('/app/podcast/coworkers');
  await namelessRow.getByRole('link', { name: 'Profil' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ohne Name' })).toBeVisible();
  await expect(page.getByRole('main').locator('[data-avatar]')).toHaveAttribute('data-avatar', 'icon');
});

test('5: resetting the last filter keeps the panel open; the disabled filters say why', async ({ page }) => {
  await verifiedUser(page);
  await createPodcastViaApi(page, 'Filterfreund');
  await page.goto('/app/practices/list');
  // A flex <summary> has no marker: a chevron shows that the panel opens, turned while open.
  const chevron = page
    .locator('summary')
    .filter({ hasText: /^Filter/ })
    .locator('svg');
  const turn = () => chevron.evaluate((el) => getComputedStyle(el).rotate);
  await expect(chevron).toBeVisible();
  expect(await turn()).toBe('none');
  await page.getByText('Filter', { exact: true }).click();
  await expect.poll(turn).not.toBe('none');
  const status = page.getByLabel('Status');
  await status.selectOption({ index: 1 });
  await expect(page.getByText('Filter (1 aktiv)')).toBeVisible();
  await status.selectOption({ label: 'Alle Methoden' });
  await expect(page.getByText('Filter', { exact: true })).toBeVisible();
  await expect(status).toBeVisible();

  for (const label of ['Zeiteinsatz', 'Geldeinsatz']) {
    const select = page.getByLabel(label);
    await expect(select).toBeDisabled();
    await expect(select).toHaveAccessibleDescription('Dieser Filter ist noch nicht verfügbar.');
    // Looks disabled: another background than an enabled select.
    const [disabled, enabled] = await Promise.all(
      [select, status].map((s) => s.evaluate((el) => getComputedStyle(el).backgroundColor)),
    );
    expect(disabled, label).not.toBe(enabled);
  }
});

test('6: a deactivated member stops polling the lost podcast and moves on with a message', async ({
  page,
  browser,
}) => {
  await verifiedUser(page);
  const shared = await createPodcastViaApi(page, 'Geteilter Podcast');
  const other = await secondPhone(browser);
  await other.clock.install();
  const email = await member(page, other, shared.id, 'editor');
  const own = await createPodcastViaApi(other, 'Eigener Podcast');
  await apiWrite(other, 'POST', `/api/account/context/${shared.id}`);
  const polls: string[] = [];
  other.on('request', (r) => {
    if (r.url().includes(`/api/podcasts/${shared.id}/assistances`)) polls.push(r.url());
  });
  await other.goto('/app/practices/list');
  await expect(other.getByRole('button', { name: 'Podcast wechseln: Geteilter Podcast' })).toBeVisible();
  await expect.poll(() => polls.length).toBeGreaterThan(0);

  const memberships = await page.request.get(`/api/podcasts/${shared.id}/memberships`);
  const { data } = (await memberships.json()) as { data: { id: number; user: { email: string } }[] };
  await apiWrite(page, 'POST', `/api/memberships/${data.find((m) => m.user.email === email)!.id}:deactivate`);

  await other.clock.runFor(11_000); // the next poll
  await expect(other.getByText('Du hast keinen Zugriff mehr auf „Geteilter Podcast“.')).toBeVisible();
  await expect(other).toHaveURL(/\/app\/podcast$/);
  await expect(other.getByRole('button', { name: `Podcast wechseln: ${own.title}` })).toBeVisible();
  const after = polls.length;
  await other.clock.runFor(60_000); // six more poll intervals
  await expect(other.getByRole('heading', { level: 1, name: own.title })).toBeVisible();
  expect(polls.length).toBe(after);
  await other.context().close();
});

test('7 and 12: an observer sees no buy action, and the podcast edit button', async ({ page, browser }) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Nur schauen');
  const observer = await secondPhone(browser);
  await member(page, observer, podcast.id, 'observer');
  await apiWrite(observer, 'POST', `/api/account/context/${podcast.id}`);

  await observer.goto('/app/podcast');
  await expect(observer.getByRole('heading', { level: 1, name: 'Nur schauen' })).toBeVisible();
  await expect(observer.getByRole('heading', { name: 'Studio Pro testen' })).toBeVisible();
  await expect(observer.getByText('Studio Pro behalten')).toHaveCount(0);
  // The trial's countdown, but no way to the sales page.
  await expect(observer.getByRole('banner').getByText('Noch 30 Tage im Studio Pro')).toBeVisible();
  await expect(observer.getByRole('link', { name: /Studio Pro/ })).toHaveCount(0);
  await observer.goto(`/app/podcasts/${podcast.id}/conversion`);
  await expect(
    observer.getByRole('heading', { level: 1, name: 'Studio Pro für „Nur schauen“' }),
  ).toBeVisible();
  await expect(observer.getByRole('button', { name: /wählen$/ })).toHaveCount(0);
  await expect(observer.getByRole('link', { name: 'Abo bei Steady abschließen' })).toHaveCount(0);

  // §6: the podcast edit button in the dashboard's header, for everyone.
  await observer.goto('/app/podcast');
  await observer.getByRole('link', { name: 'Podcast bearbeiten' }).click();
  await expect(observer).toHaveURL(/\/app\/podcast\/edit\/general$/);
  await expect(
    observer.getByText('Als Beobachter*in kannst du diese Angaben ansehen, aber nicht ändern.'),
  ).toBeVisible();
  await observer.context().close();

  // The owner keeps them.
  await page.goto('/app/podcast');
  await expect(page.getByRole('link', { name: 'Studio Pro behalten' })).toBeVisible();
  const edit = page.getByRole('link', { name: 'Podcast bearbeiten' });
  await expect(edit).toBeVisible();
  // On a phone the button goes below the title, not beside it, where a long title had a column
  // of a word or two per line.
  const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  expect((await edit.boundingBox())!.y).toBeGreaterThanOrEqual(title.y + title.height);
});

test('8: two metric entries on one day give German date ticks', async ({ page }) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Kurvenreich');
  await apiWrite(page, 'POST', `/api/podcasts/${podcast.id}/metrics`, { coverage: 100 });
  await apiWrite(page, 'POST', `/api/podcasts/${podcast.id}/metrics`, { coverage: 140 });
  await page.goto('/app/podcast/edit/metrics');
  const chart = page.getByTestId('metric-chart').first();
  await expect(chart).toHaveAttribute('data-x-ticks', /\S/);
  const ticks = (await chart.getAttribute('data-x-ticks'))!.split(' ');
  for (const tick of ticks) expect(tick).toMatch(/^\d{2}\.\d{2}\.$/);
  expect(new Set(ticks).size, ticks.join(' ')).toBe(ticks.length);
});

/** Runs in the page: where the text of `el` breaks into lines (character offsets). */
function lineBreaks(el: Element): number[] {
  const text = el.textContent ?? '';
  const breaks: number[] = [];
  let offset = 0;
  let lastTop: number | null = null;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < (node.textContent ?? '').length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const top = Math.round(range.getBoundingClientRect().top);
      if (lastTop !== null && top > lastTop + 2) breaks.push(offset + i);
      lastTop = top;
    }
    offset += (node.textContent ?? '').length;
  }
  void text;
  return breaks;
}

test('9: a long e-mail address breaks at the @, never mid-word', async ({ page }) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Lange Adressen');
  const email = `erika-redaktion-${Date.now().toString(36)}@example-podcastnetzwerk.org`;
  await apiWrite(page, 'POST', `/api/podcasts/${podcast.id}/invitations`, { email, type: 'editor' });
  await page.goto(`/app/podcasts/${podcast.id}/invite`);
  const address = page
    .getByRole('list', { name: 'Einladungen' })
    .locator('[data-email]')
    .filter({ hasText: email });
  await expect(address).toHaveText(email);
  expect(await address.evaluate(lineBreaks)).toEqual([email.indexOf('@')]);
});

test('10: offline with a trial, one compact bar instead of two banners', async ({ page, context }) => {
  await verifiedUser(page);
  await createPodcastViaApi(page, 'Funkloch');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Seen once online, so the worker has copies of the dashboard's data.
  await page.goto('/app/podcast');
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Funkloch' })).toBeVisible();
  await expect(page.getByText(/^Lade .*(\.\.\.|…)$/)).toHaveCount(0);
  await page.goto('/app/settings/profile');
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Noch 30 Tage im Studio Pro' }),
  ).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('kompass.query-cache') ?? ''))
    .toContain('Funkloch');

  await context.setOffline(true);
  await page.reload();
  const bar = page.getByRole('status').filter({ hasText: 'Du bist offline – du siehst gespeicherte Daten.' });
  await expect(bar).toHaveCount(1);
  await expect(bar).toBeVisible();
  // In the header, in place of the plan link, and no taller than two lines of small type.
  await expect(page.getByRole('banner').getByRole('status')).toHaveCount(1);
  await expect(page.getByText('Noch 30 Tage im Studio Pro')).toHaveCount(0);
  // Before: a banner of up to five lines above the header, and the plan link below it.
  expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(64);
  const header = (await page.getByRole('banner').boundingBox())!;
  expect(header.y + header.height).toBeLessThanOrEqual(130);

  // Back online, but the server not yet reached (a phone's first seconds on a network): the next
  // screen shows the worker's copies, so the note stays. The tips' poll hangs meanwhile, so only
  // the app's own asking can find the server again (offline/connectivity.ts); before, the note stayed
  // until some later request happened to answer.
  const toServer = (url: URL) => url.pathname.startsWith('/api/') || url.pathname === '/healthz';
  await context.route(toServer, (route) => route.abort('internetdisconnected'));
  await context.route('**/api/podcasts/*/assistances', () => new Promise<void>(() => {}));
  await context.setOffline(false);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Podcast' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Funkloch' })).toBeVisible();
  await expect(bar).toBeVisible();
  // The server answers again: the note goes, the plan link is back.
  await context.unroute(toServer);
  await expect(bar).toHaveCount(0);
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Noch 30 Tage im Studio Pro' }),
  ).toBeVisible();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
});

test('11: an unknown URL answers 404 with the 404 page; /feedback asks a guest to log in', async ({
  page,
}) => {
  for (const path of ['/gibt-es-nicht', '/app/gibt-es-nicht', '/app/practices/1/gibt-es-nicht']) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }
  for (const path of ['/login', '/app/practices/1/rating', '/invitation/abc']) {
    expect((await page.request.get(path)).status(), path).toBe(200);
  }
  const response = await page.goto('/gibt-es-nicht');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found.' })).toBeVisible();

  await page.goto('/feedback');
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback geben' })).toBeVisible();
  await expect(page.getByText('Um uns Feedback zu geben, melde dich bitte an.')).toBeVisible();
  await expectNoAxeNodes(page, '/feedback as a guest');
  // A guest who has an account: signed out by the menu (clearing only the cookie would leave the
  // app's saved copy of the user, which reads as a session that ended: 'Deine Sitzung ist
  // abgelaufen', not the guest page).
  const { email } = await verifiedUser(page);
  await logoutViaMenu(page);
  await page.goto('/feedback');
  await page.getByRole('main').getByRole('link', { name: 'Anmelden' }).click();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/app\/feedback$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback geben' })).toBeVisible();
});

/** A synthetic `beforeinstallprompt`, as Chromium fires it when the app is installable. */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    const w = window as unknown as { promptCalls: number };
    w.promptCalls = 0;
    event.prompt = async () => void w.promptCalls++;
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(event);
  });
}

test('13: on the phone the install button opens the browser prompt', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Lass deinen Podcast wachsen.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'App installieren' })).toHaveCount(0);
  await offerInstall(page);
  await page.getByRole('button', { name: 'App installieren' }).click();
  expect(await page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls)).toBe(1);

  await verifiedUser(page);
  await offerInstall(page);
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await page.getByRole('menuitem', { name: 'App installieren' }).click();
  expect(await page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls)).toBe(1);
});

test.describe('13: on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
      'Version/18.5 Mobile/15E148 Safari/604.1',
  });

  test('the install steps say Teilen → Zum Home-Bildschirm', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Kompass Studio als App' })).toContainText(
      'Teilen → Zum Home-Bildschirm',
    );
    await verifiedUser(page);
    await page.getByRole('button', { name: 'Profilmenü' }).click();
    await page.getByRole('menuitem', { name: 'App installieren' }).click();
    await expect(page.getByRole('dialog', { name: 'App installieren' })).toContainText(
      'Teilen → Zum Home-Bildschirm',
    );
  });
});

test('axe: no node at all on the method cards, a method and the touched screens', async ({ page }) => {
  test.slow();
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Barrierefrei');
  for (const path of [
    '/app/podcast',
    '/app/practices/list',
    '/app/practices/1/overview',
    '/app/practices/1/rating',
    '/app/podcast/edit/contract',
    '/app/podcast/edit/metrics',
    '/app/settings/contract',
    `/app/podcasts/${podcast.id}/invite`,
    `/app/podcasts/${podcast.id}/conversion`,
    '/app/podcast/coworkers',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/^Lade .*(\.\.\.|…)$/)).toHaveCount(0);
    await expectNoAxeNodes(page, path);
  }
  // The popups open: the profile menu, the podcast selector, a method's action menu (on the list
  // and on the method) and the Kompass-KI's tips.
  const assistant = page.locator('[data-assistant-button]');
  await page.goto('/app/practices/list');
  await expect(page.getByText(/^Lade .*(\.\.\.|…)$/)).toHaveCount(0);
  await expectNoAxeNodesInPopups(page, 'the method list', [
    page.getByRole('button', { name: 'Profilmenü' }),
    page.getByRole('button', { name: 'Podcast wechseln: Barrierefrei' }),
    page.getByRole('button', { name: /^Aktionen für / }).first(),
  ]);
  await page.goto('/app/practices/1/overview');
  await expect(page.getByText(/^Lade .*(\.\.\.|…)$/)).toHaveCount(0);
  await expect(assistant).toBeVisible();
  await expectNoAxeNodesInPopups(page, 'a method', [
    assistant,
    page.getByRole('button', { name: /^Aktionen für / }).first(),
  ]);
});
