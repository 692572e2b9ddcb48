import { expect, type Page } from '@playwright/test';

/**
 * The floating Kompass-KI button named `name`, once visible. It steps aside (invisible, hidden
 * from screen readers) while it would cover a control (issue 21); the page's end keeps room for
 * it, so this scrolls there until it shows (the page may still be growing as its data arrives).
 */
export async function assistantButton(page: Page, name: string | RegExp, timeout = 20_000) {
  const button = page.getByRole('button', { name });
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return button.isVisible();
      },
      { timeout },
    )
    .toBe(true);
  return button;
}

/**
 * Taps the Kompass-KI button named `name`. Between showing and the tap the page may grow under it
 * (a widget's data arrives) and the button step aside again: scrolled to the end once more, the
 * tap is tried again (a stress run waited 3 min for a button that had stepped aside).
 */
export async function openAssistant(page: Page, name: string | RegExp, timeout = 20_000) {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return page
          .getByRole('button', { name })
          .click({ timeout: 2_000 })
          .then(() => true)
          .catch(() => false);
      },
      { timeout },
    )
    .toBe(true);
}
