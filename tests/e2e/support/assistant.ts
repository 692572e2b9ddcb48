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
