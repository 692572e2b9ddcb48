// The outbox outlives the browser: changes made offline, the browser quit, started again online
// with the same profile, and the server holds each change once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';
import { controlledByWorker, outboxItems, serverState, WAITING } from './support/offline.ts';
import { podcastWithExperiment } from './support/podcasts.ts';

test('changes made offline are sent once after a browser restart', async ({ playwright, baseURL }) => {
  const profile = mkdtempSync(join(tmpdir(), 'kompass-e2e-profile-'));
  const launch = () =>
    playwright.chromium.launchPersistentContext(profile, {
      ...test.info().project.use.launchOptions,
      baseURL,
      locale: 'de-DE',
      timezoneId: 'Europe/Berlin',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
  try {
    const first = await launch();
    const page = first.pages()[0] ?? (await first.newPage());
    await verifiedUser(page);
    const { experiment } = await podcastWithExperiment(page, 'Neustart');
    await page.goto(`/app/experiments/${experiment.id}`);
    await controlledByWorker(page);
    // The screen has its data before the network goes: served by the worker, the page carries no
    // answers, and under load the experiment's requests went out after the cut (stress run k3).
    await expect(page.getByRole('region', { name: 'Umsetzung' }).getByRole('checkbox').nth(3)).toBeVisible();
    await first.setOffline(true);
    await page.getByRole('region', { name: 'Umsetzung' }).getByRole('checkbox').nth(3).click();
    await expect(page.getByRole('region', { name: 'Umsetzung' }).getByRole('checkbox').nth(3)).toBeChecked();
    await page
      .getByRole('region', { name: 'Kommentare' })
      .getByRole('textbox', { name: 'Kommentar' })
      .fill('Vor dem Neustart');
    await page.getByRole('button', { name: 'Kommentieren' }).click();
    await expect(page.getByText(WAITING, { exact: true })).toHaveCount(2);
    await first.close();

    const second = await launch();
    const again = second.pages()[0] ?? (await second.newPage());
    await again.goto(`/app/experiments/${experiment.id}`);
    await expect.poll(() => outboxItems(again)).toEqual([]);
    await expect(again.getByRole('region', { name: 'Kommentare' }).getByText('Vor dem Neustart')).toHaveCount(
      1,
    );
    const held = await serverState(again, experiment.id);
    expect(held.steps.filter((s) => s.completed).map((s) => s.id)).toEqual([experiment.actions[3]!.id]);
    expect(held.comments.map((c) => c.content)).toEqual(['Vor dem Neustart']);
    await second.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});
