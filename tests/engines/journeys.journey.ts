// The podcaster's journeys in Chromium, Firefox ESR and WebKitGTK on a 390 px phone, through one
// page interface (support/page.ts): register and log in, `/app` cold, each first screen by a full
// load and by a link, an experiment started from a method; then, with the app's server process
// stopped (a network failure to every engine, `navigator.onLine` stays true), every screen from
// the offline copies and a step and a comment that reach the server exactly once when it is back;
// the manifest; and in WebKit with an iPhone's user agent the install steps and the push text.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startJourneyServer, type JourneyServer } from '../support/journey-server.ts';
import {
  apiData,
  login,
  logout,
  outboxCount,
  podcastViaApi,
  registerAndVerify,
  serverState,
} from './support/account.ts';
import { ENGINES, IPHONE_UA, openPage } from './support/engines.ts';
import type { JourneyPage } from './support/page.ts';

const UNEXPECTED = 'Es ist zu einem unerwarteten Fehler gekommen';
const OFFLINE = 'Du bist offline – du siehst gespeicherte Daten.';
const WAITING = 'wartet auf Verbindung';
const NEEDS_SERVER = 'Das geht nur mit Verbindung zum Server.';
/** Practice 1 of the seed, five steps. */
const METHOD = 'Shownotes mit Kapitelmarken';

/** A first screen: its path, its heading (level 1), a text of its own content. */
type Screen = { path: string; heading: string; content: string };

function firstScreens(podcast: string, experimentId: number): Screen[] {
  const method = (tab: string, content: string) => ({
    path: `/app/practices/1/${tab}`,
    heading: METHOD,
    content,
  });
  return [
    { path: '/app/podcast', heading: podcast, content: 'Ziele festlegen' },
    method('overview', 'Shownotes sind die Visitenkarte deiner Folge'),
    method('content', 'Shownotes sind der Text, den Podcast-Apps'),
    method('context', 'Zeiteinsatz 30 Minuten'),
    method('actions', 'Setze beim Schnitt Kapitelmarken'),
    method('rating', 'Spaß an der Umsetzung'),
    method('experiments', 'Experimente mit dieser Methode'),
    { path: `/app/experiments/${experimentId}`, heading: METHOD, content: 'von 5 Aufgaben erledigt' },
    { path: '/app/practices/list', heading: 'Lass dich inspirieren', content: '99 Methoden' },
    {
      path: '/app/assistances',
      heading: 'Tipps von der Kompass-KI',
      content: `Willkommen im Studio, ${podcast}!`,
    },
    { path: '/app/podcast/audience', heading: 'Hörerzahlen', content: 'Datenquellen' },
    {
      path: '/app/settings/profile',
      heading: 'Einstellungen',
      content: 'So sehen dich deine Coworker*innen.',
    },
  ];
}

/** The screen shows its heading and content, no error panel, and the app's code reported no error. */
async function expectScreen(page: JourneyPage, screen: Screen, how: string) {
  await page.until(async () => {
    expect(await page.path(), how).toBe(screen.path);
    const text = await page.text();
    expect(text, `${screen.path} (${how})`).not.toContain(UNEXPECTED);
    expect(await page.count('heading', screen.heading), `${screen.path} (${how}): heading`).toBeGreaterThan(
      0,
    );
    expect(text, `${screen.path} (${how})`).toContain(screen.content);
  });
  expect(await page.errors(), `${screen.path} (${how}): errors of the app's code`).toEqual([]);
}

/** Whether each button on the page, by its text, is disabled. */
const buttonsDisabled = (page: JourneyPage) =>
  page.evaluate<Record<string, boolean>>(
    `return Object.fromEntries([...document.querySelectorAll('button')].map((b) => [b.textContent.trim(), b.disabled]));`,
  );

/** Opens `path` as a tapped link does: a push to the router's history (it patches pushState). */
async function followLink(page: JourneyPage, path: string) {
  await page.evaluate(
    `const index = ((history.state && history.state.__TSR_index) || 0) + 1;
     const key = Math.random().toString(36).slice(2, 10);
     history.pushState({ __TSR_index: index, key, __TSR_key: key }, '', arguments[0]);`,
    path,
  );
}

/** Waits until the service worker controls the page (it answers for the server once that is gone). */
async function controlledByWorker(page: JourneyPage) {
  await page.evaluate('return navigator.serviceWorker.ready.then(() => true)');
  await page.until(async () => {
    if (!(await page.evaluate<boolean>('return Boolean(navigator.serviceWorker.controller)'))) {
      await page.goto(await page.path());
      throw new Error('no controlling service worker yet');
    }
  }, 60_000);
}

let server: JourneyServer;
const run = Date.now().toString(36);

beforeAll(async () => {
  server = await startJourneyServer('engines');
});
afterAll(() => server?.close());

/** The WebKit person's address (the iPhone journey logs in as them). */
const emails: Partial<Record<string, string>> = {};

describe.each(ENGINES)('%s on a 390 px phone', (engine) => {
  let attempt = 0;
  let page: JourneyPage;
  let podcast: { id: number; title: string };
  let experimentId: number;

  beforeAll(async () => {
    page = await openPage(engine, server.baseURL);
  });
  afterAll(() => page?.close());
  const keepScreenshot = (name: string) => onTestFailed(() => page.screenshot(name).catch(() => undefined));

  it('registers and logs in, opens /app cold and every first screen by a full load and by a link, starts an experiment from a method', async () => {
    keepScreenshot('first-screens');
    // A retry starts as a new person in a new browser.
    if (attempt++ > 0) {
      await page.close();
      page = await openPage(engine, server.baseURL);
    }
    const email = `engines-${engine}-${run}-${attempt}@example.com`;
    await registerAndVerify(page, email, server.env.E2E_MAIL_DIR);
    await logout(page);
    await login(page, email, '/app/onboarding/create');
    emails[engine] = email;
    podcast = await podcastViaApi(page, `Unterwegs ${engine}`);

    // /app opened cold after login (the manifest's start_url: every start from the home screen).
    await page.goto('/app');
    await expectScreen(page, firstScreens(podcast.title, 0)[0]!, 'cold /app');

    // An experiment started from the method's experiments tab.
    await page.goto('/app/practices/1/experiments');
    await page.click('link', 'Experiment starten');
    await page.seeRole('heading', 'Neues Experiment starten');
    // The button waits for the methods, which fill in the method and its dates.
    await page.until(async () => expect((await buttonsDisabled(page))['Experiment starten']).toBe(false));
    await page.click('button', 'Experiment starten');
    await page.until(async () =>
      expect(await page.path(), `the form says: ${(await page.text()).slice(0, 600)}`).toMatch(
        /^\/app\/experiments\/\d+$/,
      ),
    );
    experimentId = Number((await page.path()).split('/').at(-1));
    await page.see('0 von 5 Aufgaben erledigt');

    const screens = firstScreens(podcast.title, experimentId);
    for (const screen of screens) {
      await page.goto(screen.path);
      await expectScreen(page, screen, 'full load');
    }
    await page.goto('/app/podcast');
    for (const screen of screens) {
      await followLink(page, screen.path);
      await expectScreen(page, screen, 'link');
    }
  });

  it('with the server gone, every screen reloads from the offline copies; a ticked step and a comment reach the server once when it is back', async () => {
    keepScreenshot('server-gone');
    expect(experimentId, 'the experiment of the first journey').toBeDefined();
    const screens = firstScreens(podcast.title, experimentId);
    // One visit of each screen (this attempt's, a retry starts from what the server holds).
    await page.goto('/app/podcast');
    await controlledByWorker(page);
    for (const screen of screens) {
      await page.goto(screen.path);
      await expectScreen(page, screen, 'online');
    }
    const before = await serverState(page, experimentId);
    const steps = await apiData<{ actions: { id: number; completed: boolean }[] }>(
      page,
      'GET',
      `/api/experiments/${experimentId}`,
    );
    const firstOpen = steps.actions.findIndex((s) => !s.completed);
    const comment = `Im Funkloch geschrieben ${engine} ${Date.now().toString(36)}`;

    await server.stop('SIGKILL');
    try {
      for (const screen of screens) {
        await page.goto(screen.path);
        await expectScreen(page, screen, 'server gone');
        await page.see(OFFLINE);
      }
      await page.goto(`/app/experiments/${experimentId}`);
      await page.see(OFFLINE);
      // A write the outbox cannot take waits for the server, `navigator.onLine` or not; 'Alles
      // erledigt' is queued like a step and stays enabled (components/online-only.tsx).
      await page.see(NEEDS_SERVER);
      expect(await buttonsDisabled(page)).toMatchObject({
        Zwischenauswertung: true,
        'Alles erledigt': false,
      });
      const umsetzung = { role: 'region', name: 'Umsetzung' } as const;
      await page.click('checkbox', /./, umsetzung, firstOpen);
      await page.see(WAITING);
      await page.fill('Kommentar', comment);
      await page.click('button', 'Kommentieren');
      await page.see(comment);
      await page.until(async () => expect(await outboxCount(page)).toBe(2));
      expect(await page.errors(), 'errors of the app’s code, server gone').toEqual([]);
      await page.reopen();
    } finally {
      await server.start();
    }

    // The app opened again: each change on the server once, also after two more reloads.
    const expected = {
      completed: [...before.completed, steps.actions[firstOpen]!.id].sort((a, b) => a - b),
      comments: [...before.comments, comment],
    };
    await page.goto(`/app/experiments/${experimentId}`);
    for (let load = 0; load < 3; load++) {
      if (load > 0) await page.goto(`/app/experiments/${experimentId}`);
      await page.until(async () => {
        expect(await outboxCount(page)).toBe(0);
        const held = await serverState(page, experimentId);
        expect({ ...held, completed: held.completed.sort((a, b) => a - b) }).toEqual(expected);
        const text = await page.text();
        expect(text.split(comment).length - 1, 'the comment shown once').toBe(1);
        expect(text).not.toContain(WAITING);
      }, 40_000);
    }
    // The server answers again: the evaluation can be written.
    await page.until(async () => {
      expect(await buttonsDisabled(page)).toMatchObject({ Zwischenauswertung: false });
      expect(await page.text()).not.toContain(NEEDS_SERVER);
    });
    expect(await page.errors(), 'errors of the app’s code, server back').toEqual([]);
  });

  it('serves the manifest, valid, with its icons', async () => {
    keepScreenshot('manifest');
    await page.goto('/');
    const { type, manifest, icons } = await page.evaluate<{
      type: string;
      manifest: Record<string, unknown> & { icons: { src: string; sizes: string; purpose?: string }[] };
      icons: number[];
    }>(
      `const href = document.querySelector('link[rel="manifest"]').href;
       return fetch(href).then(async (response) => {
         const manifest = await response.json();
         const icons = await Promise.all(manifest.icons.map((i) => fetch(new URL(i.src, href)).then((r) => r.status)));
         return { type: response.headers.get('content-type'), manifest, icons };
       });`,
    );
    expect(type).toMatch(/^application\/(manifest\+)?json/);
    expect(manifest).toMatchObject({
      name: 'Kompass Studio',
      short_name: 'Kompass',
      lang: 'de',
      display: 'standalone',
      id: '/',
    });
    expect(new URL(String(manifest.start_url), server.baseURL).pathname).toMatch(/^\/app/);
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
    expect(
      icons.every((status) => status === 200),
      `icon answers ${icons}`,
    ).toBe(true);
  });
});

describe.runIf(ENGINES.includes('webkit'))('webkit with an iPhone’s user agent', () => {
  let page: JourneyPage;
  beforeAll(async () => {
    page = await openPage('webkit', server.baseURL, { userAgent: IPHONE_UA });
  });
  afterAll(() => page?.close());

  it('explains Teilen → Zum Home-Bildschirm on the landing and push for the app not yet installed', async () => {
    onTestFailed(() => page.screenshot('iphone').catch(() => undefined));
    await page.goto('/');
    await page.seeRole('region', 'Kompass Studio als App');
    await page.see('Teilen → Zum Home-Bildschirm');
    expect(await page.count('button', /./, { role: 'region', name: 'Kompass Studio als App' })).toBe(0);

    expect(emails.webkit, 'the person of the WebKit journeys').toBeDefined();
    await login(page, emails.webkit!, '/app/podcast');
    await page.see('Unterwegs webkit');
    await page.goto('/app/settings/notifications');
    await page.see('Auf iPhone und iPad gibt es Benachrichtigungen nur für die installierte App.');
    expect(await page.count('button', 'Benachrichtigungen einschalten')).toBe(0);
    expect(await page.errors()).toEqual([]);
  });
});
