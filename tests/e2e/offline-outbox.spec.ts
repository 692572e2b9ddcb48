// On a phone: steps ticked and comments written offline show at once as 'wartet auf Verbindung',
// wait in the outbox across closed pages, and reach the server exactly once when the network is
// back, also after the session ended (login, then replay) and with two tabs open; a change the
// server refuses stays on screen with its message until the user sends it again or discards it.
import { expect, test, type Page } from '@playwright/test';
import { loginViaUi, verifiedUser, xsrfHeaders } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { controlledByWorker, outboxItems, serverState, WAITING } from './support/offline.ts';
import { podcastWithExperiment, type Step } from './support/podcasts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

const steps = (page: Page) => page.getByRole('region', { name: 'Umsetzung' }).getByRole('checkbox');
const comments = (page: Page) => page.getByRole('region', { name: 'Kommentare' });
const completedIds = (list: Step[]) => list.filter((s) => s.completed).map((s) => s.id);

async function openExperiment(page: Page, id: number) {
  await page.goto(`/app/experiments/${id}`);
  await controlledByWorker(page);
  await expect(steps(page)).toHaveCount(5);
}

/** Ticks steps 1 and 3 and writes a comment, all offline; each shows at once as waiting. */
async function workOffline(page: Page, comment: string) {
  await steps(page).nth(0).click();
  await expect(steps(page).nth(0)).toBeChecked();
  await steps(page).nth(2).click();
  await expect(steps(page).nth(2)).toBeChecked();
  await comments(page).getByRole('textbox', { name: 'Kommentar' }).fill(comment);
  await comments(page).getByRole('button', { name: 'Kommentieren' }).click();
  await expect(steps(page).nth(0)).toBeChecked();
  await expect(steps(page).nth(2)).toBeChecked();
  await expect(page.getByRole('region', { name: 'Umsetzung' }).getByText(WAITING)).toHaveCount(2);
  const queued = comments(page).getByRole('list', { name: 'Noch nicht gesendete Kommentare' });
  await expect(queued.getByText(comment)).toBeVisible();
  await expect(queued.getByText(WAITING)).toBeVisible();
  await expect(comments(page).getByRole('textbox', { name: 'Kommentar' })).toHaveValue('');
  expect(await outboxItems(page)).toHaveLength(3);
}

test('changes made offline reach the server once after the page was closed', async ({ page, context }) => {
  await verifiedUser(page);
  const { experiment } = await podcastWithExperiment(page, 'Funkloch');
  await openExperiment(page, experiment.id);

  await context.setOffline(true);
  await page.reload();
  await workOffline(page, 'Im Funkloch geschrieben');
  await expect(page.getByText('3 Änderungen warten auf Verbindung.')).toBeVisible();
  await expectAccessible(page, 'experiments.show with changes waiting');
  expect(await serverState(page, experiment.id)).toEqual({ steps: experiment.actions, comments: [] });
  await page.close();

  await context.setOffline(false);
  const again = await context.newPage();
  await openExperiment(again, experiment.id);
  await expect.poll(() => outboxItems(again)).toEqual([]);
  await expect(comments(again).getByText('Im Funkloch geschrieben')).toHaveCount(1);
  await expect(again.getByText(WAITING)).toHaveCount(0);
  await expect(steps(again).nth(0)).toBeChecked();
  await expect(steps(again).nth(1)).not.toBeChecked();
  await expect(steps(again).nth(2)).toBeChecked();

  const held = await serverState(again, experiment.id);
  const [first, , third] = experiment.actions;
  expect(completedIds(held.steps)).toEqual([first!.id, third!.id]);
  expect(held.comments.map((c) => c.content)).toEqual(['Im Funkloch geschrieben']);
  // Reopening sends nothing again.
  await again.reload();
  await expect(steps(again).nth(2)).toBeChecked();
  expect((await serverState(again, experiment.id)).comments).toHaveLength(1);
});

test('after the session ended offline, the changes are sent after login', async ({ page, context }) => {
  const { email, password } = await verifiedUser(page);
  const { experiment } = await podcastWithExperiment(page, 'Sitzungsende');
  await openExperiment(page, experiment.id);

  await context.setOffline(true);
  await workOffline(page, 'Nach der Anmeldung gesendet');
  await context.clearCookies({ name: 'kompass_session' });
  await page.close();

  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto(`/app/experiments/${experiment.id}`);
  await expect(again).toHaveURL(/\/login$/);
  await expect(again.getByText('3 Änderungen werden nach der Anmeldung gesendet.')).toBeVisible();
  expect(await outboxItems(again)).toHaveLength(3);

  await loginViaUi(again, email, password);
  await expect(again).toHaveURL(/\/app\//);
  await expect.poll(() => outboxItems(again)).toEqual([]);
  const held = await serverState(again, experiment.id);
  const [first, , third] = experiment.actions;
  expect(completedIds(held.steps)).toEqual([first!.id, third!.id]);
  expect(held.comments.map((c) => c.content)).toEqual(['Nach der Anmeldung gesendet']);
});

test('a change the server refuses is shown with its message, not dropped', async ({ page, context }) => {
  await verifiedUser(page);
  const { experiment } = await podcastWithExperiment(page, 'Abgelehnt');
  await openExperiment(page, experiment.id);

  await context.setOffline(true);
  await comments(page).getByRole('textbox', { name: 'Kommentar' }).fill('Kommt nie an');
  await comments(page).getByRole('button', { name: 'Kommentieren' }).click();
  await expect(comments(page).getByText(WAITING)).toBeVisible();
  // Meanwhile the experiment was deleted (from another device).
  const deleted = await page.request.delete(`/api/experiments/${experiment.id}`, {
    headers: await xsrfHeaders(page),
  });
  expect(deleted.status()).toBe(204);
  const gone = (await (await page.request.get(`/api/experiments/${experiment.id}`)).json()) as {
    message: string;
  };

  await context.setOffline(false);
  const refused = page.getByRole('region', { name: '1 Änderung nicht gespeichert' });
  await expect(refused).toBeVisible();
  await expect(refused.getByText('Kommentar „Kommt nie an“')).toBeVisible();
  await expect(refused.getByText(gone.message)).toBeVisible();
  await expectAccessible(page, 'a refused change');

  // Kept across a reload, sent again on request (refused again), discarded on request.
  await page.goto('/app/podcast');
  await expect(refused).toBeVisible();
  await refused.getByRole('button', { name: 'Erneut senden' }).click();
  // Sent again (pending for a moment), refused again: still kept, with the message.
  await expect.poll(() => outboxItems(page)).toEqual([expect.objectContaining({ state: 'refused' })]);
  await expect(refused.getByText(gone.message)).toBeVisible();
  await refused.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(refused).toHaveCount(0);
  await expect.poll(() => outboxItems(page)).toEqual([]);
});

test('two open tabs send each change once', async ({ page, context }) => {
  await verifiedUser(page);
  const { experiment } = await podcastWithExperiment(page, 'Zwei Tabs');
  await openExperiment(page, experiment.id);
  const other = await context.newPage();
  await openExperiment(other, experiment.id);

  await context.setOffline(true);
  await steps(page).nth(1).click();
  await expect(steps(page).nth(1)).toBeChecked();
  await comments(other).getByRole('textbox', { name: 'Kommentar' }).fill('Aus dem zweiten Tab');
  await comments(other).getByRole('button', { name: 'Kommentieren' }).click();
  // Each tab shows the other's change too.
  await expect(comments(page).getByText('Aus dem zweiten Tab')).toBeVisible();
  await expect(steps(other).nth(1)).toBeChecked();

  await context.setOffline(false);
  await expect.poll(() => outboxItems(page)).toEqual([]);
  await expect(comments(page).getByText('Aus dem zweiten Tab')).toHaveCount(1);
  await expect(comments(other).getByText('Aus dem zweiten Tab')).toHaveCount(1);
  const held = await serverState(page, experiment.id);
  expect(completedIds(held.steps)).toEqual([experiment.actions[1]!.id]);
  expect(held.comments.map((c) => c.content)).toEqual(['Aus dem zweiten Tab']);
  const events = (await (await page.request.get(`/api/experiments/${experiment.id}/events`)).json()) as {
    data: { trackable_type: string }[];
  };
  expect(events.data.filter((e) => e.trackable_type === 'experiment_action')).toHaveLength(1);
});

test('a change the server cannot take yet waits and goes out by itself later; an expired token is renewed once', async ({
  page,
  context,
}) => {
  test.slow(); // the worker's first retries wait 5 and 15 s
  await verifiedUser(page);
  const { experiment } = await podcastWithExperiment(page, 'Serverpause');
  await openExperiment(page, experiment.id);
  // The server's side, as the replay meets it on the network: the first send finds its CSRF token
  // expired (419), then the server is unavailable (503) until the test lets the sends through.
  // Everything else passes through to the server.
  let first = true;
  let unavailable = true;
  const log: string[] = [];
  // What the worker asks for: the session probe starts a replay run, a token precedes the sends.
  for (const [pattern, entry] of [
    ['**/api/account/session', 'session'],
    ['**/sanctum/csrf-cookie', 'token'],
  ] as const) {
    await context.route(pattern, (route) => {
      if (route.request().serviceWorker()) log.push(entry);
      return route.fallback();
    });
  }
  await context.route('**/api/experiments/actions/*', (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const status = first ? 419 : unavailable ? 503 : undefined;
    first = false;
    log.push(`send ${status ?? 'server'}`);
    if (status === undefined) return route.fallback();
    return route.fulfill({ status, contentType: 'application/json', body: '{"message":"Gerade nicht."}' });
  });
  const pending = async () =>
    (await outboxItems(page)).map((item) => ({
      state: item.state,
      retried: item.attempts > 0,
    }));

  await context.setOffline(true);
  await steps(page).nth(1).click();
  await expect(steps(page).nth(1)).toBeChecked();
  const waiting = page.getByRole('region', { name: 'Umsetzung' }).getByText(WAITING);
  await expect(waiting).toHaveCount(1);
  await context.setOffline(false);

  // 419: a new token and the same change again, in the same run; 503: it keeps waiting for a
  // later try, not refused.
  await expect.poll(() => pending()).toEqual([{ state: 'pending', retried: true }]);
  expect(log.slice(log.indexOf('send 419'), log.indexOf('send 503'))).toEqual(['send 419', 'token']);
  await expect(waiting).toHaveCount(1);
  await expect(page.getByText(/nicht gespeichert/)).toHaveCount(0);

  // Without a tap or a change of network, the worker's retry sends it once the server answers.
  unavailable = false;
  await expect.poll(() => outboxItems(page), { timeout: 40_000 }).toEqual([]);
  expect(log.filter((entry) => entry === 'send server')).toHaveLength(1);
  await expect(waiting).toHaveCount(0);
  const held = await serverState(page, experiment.id);
  expect(completedIds(held.steps)).toEqual([experiment.actions[1]!.id]);
});

test("the progress and 'Alles erledigt' follow a step unticked offline", async ({ page, context }) => {
  await verifiedUser(page);
  const { experiment } = await podcastWithExperiment(page, 'Fortschritt');
  await openExperiment(page, experiment.id);
  const overview = page.getByRole('region', { name: 'Überblick' });
  const completeAll = page.getByRole('button', { name: 'Alles erledigt' });
  const waiting = page.getByRole('region', { name: 'Umsetzung' }).getByText(WAITING);
  // The progress shows at once; offline only once the server's answer came (cut off before it,
  // the change waits as well and every step says so: seen in CI under load).
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/experiments/${experiment.id}/actions`),
  );
  await completeAll.click();
  await expect(overview.getByText('5 von 5 Aufgaben erledigt')).toBeVisible();
  await expect(completeAll).toBeDisabled();
  expect((await answered).status()).toBe(200);

  await context.setOffline(true);
  await steps(page).nth(1).click();
  await expect(steps(page).nth(1)).not.toBeChecked();
  await expect(overview.getByText('4 von 5 Aufgaben erledigt')).toBeVisible();
  await expect(completeAll).toBeEnabled();
  await expect(waiting).toHaveCount(1);
  // The waiting change stays on the offline copy across a reload.
  await page.reload();
  await expect(overview.getByText('4 von 5 Aufgaben erledigt')).toBeVisible();
  await expect(steps(page).nth(1)).not.toBeChecked();
  await expect(completeAll).toBeEnabled();

  await context.setOffline(false);
  await expect.poll(() => outboxItems(page)).toEqual([]);
  await expect(waiting).toHaveCount(0);
  await expect(overview.getByText('4 von 5 Aufgaben erledigt')).toBeVisible();
  const unticked = await serverState(page, experiment.id);
  expect(unticked.steps.filter((s) => !s.completed).map((s) => s.id)).toEqual([experiment.actions[1]!.id]);

  // 'Alles erledigt' waits in the outbox too, and the progress follows it at once.
  await context.setOffline(true);
  await completeAll.click();
  await expect(overview.getByText('5 von 5 Aufgaben erledigt')).toBeVisible();
  await expect(completeAll).toBeDisabled();
  await expect(steps(page).nth(1)).toBeChecked();
  await expect(waiting).toHaveCount(1);
  await context.setOffline(false);
  await expect.poll(() => outboxItems(page)).toEqual([]);
  expect(completedIds((await serverState(page, experiment.id)).steps)).toHaveLength(5);
  await expect(overview.getByText('5 von 5 Aufgaben erledigt')).toBeVisible();
});

test('a step ticked after an offline start shows as waiting, though the outbox never loaded online', async ({
  page,
  context,
}) => {
  await verifiedUser(page);
  const { experiment } = await podcastWithExperiment(page, 'Kaltstart');
  // Until 2026-11-27 the outbox's live query came from a dexie chunk of its own, loaded once the
  // first screen had settled; offline before that, nothing had cached it, the outbox showed
  // nothing waiting (stress run s4). Refused here as such a start refuses it; the outbox must
  // follow with the code the worker keeps.
  await context.route('**/assets/import-wrapper-*.js', (route) => route.abort('internetdisconnected'));
  await openExperiment(page, experiment.id);
  await context.setOffline(true);
  await page.reload();
  await expect(steps(page)).toHaveCount(5);
  await steps(page).nth(1).click();
  await expect(steps(page).nth(1)).toBeChecked();
  await expect(page.getByRole('region', { name: 'Umsetzung' }).getByText(WAITING)).toHaveCount(1);

  await context.setOffline(false);
  await expect.poll(() => outboxItems(page)).toEqual([]);
  expect(completedIds((await serverState(page, experiment.id)).steps)).toEqual([experiment.actions[1]!.id]);
});
