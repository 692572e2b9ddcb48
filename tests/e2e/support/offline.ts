// Shortcuts for the offline journeys: a page the service worker controls, the first tip of a new
// podcast, and reads of the outbox and of the server's state (the experiment: podcasts.ts).
import { expect, type Page } from '@playwright/test';
import { allowFor } from './budget.ts';
import type { Step } from './podcasts.ts';

export const OFFLINE = 'Du bist offline – du siehst gespeicherte Daten.';
export const WAITING = 'wartet auf Verbindung';

/** Practice 1 of the seed: 'Shownotes mit Kapitelmarken', five action steps. */
export const PRACTICE = { id: 1, title: 'Shownotes mit Kapitelmarken' };

export type Comment = { id: number; content: string };

/** Waits until the service worker controls the page (it answers the page's API calls then). */
export async function controlledByWorker(page: Page) {
  // Installing precaches the whole app: 60 s at a load of 40 on 2 cores (support/budget.ts).
  allowFor(60_000);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The first tip Kompass-KI made for the new podcast (made just after its creation). */
export async function firstTip(page: Page, podcastId: number) {
  let tip: { id: number; subject: string } | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/podcasts/${podcastId}/assistances`);
      tip = ((await response.json()) as { data: { id: number; subject: string }[] }).data[0];
      return tip !== undefined;
    })
    .toBe(true);
  return tip!;
}

/** The experiment's steps and comments as the server holds them. */
export async function serverState(page: Page, experimentId: number) {
  const experiment = await page.request.get(`/api/experiments/${experimentId}`);
  const comments = await page.request.get(`/api/experiments/${experimentId}/comments`);
  expect(experiment.status()).toBe(200);
  return {
    steps: ((await experiment.json()) as { data: { actions: Step[] } }).data.actions,
    comments: ((await comments.json()) as { data: Comment[] }).data,
  };
}

/** The outbox as the page's IndexedDB holds it. */
export function outboxItems(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ state: string; url: string; attempts: number }[]>((resolve, reject) => {
        const open = indexedDB.open('kompass-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outbox')) return resolve([]);
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => resolve(all.result as { state: string; url: string; attempts: number }[]);
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** The API paths the offline mirror holds. */
export function mirrorPaths(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('kompass-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('mirror')) return resolve([]);
          const keys = db.transaction('mirror').objectStore('mirror').getAllKeys();
          keys.onsuccess = () => resolve(keys.result as string[]);
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}
