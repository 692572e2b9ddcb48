// The browser's install prompt, as Chromium fires it on a site that can be installed: a
// `beforeinstallprompt` event whose prompt() is counted and whose user choice is `outcome`.
import type { Page } from '@playwright/test';

export async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted') {
  await page.evaluate((choice) => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    const w = window as unknown as { promptCalls: number };
    w.promptCalls = 0;
    event.prompt = async () => void w.promptCalls++;
    event.userChoice = Promise.resolve({ outcome: choice });
    window.dispatchEvent(event);
  }, outcome);
}

/** How often the page called the offered event's prompt(). */
export const promptCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls);
