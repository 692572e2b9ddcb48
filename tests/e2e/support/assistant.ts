import { expect, type Page } from '@playwright/test';

/** The Kompass-KI button named `name` in the tab bar (phones) or the app bar, once visible. */
export async function assistantButton(page: Page, name: string | RegExp, timeout = 20_000) {
  const button = page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('button', { name });
  await expect(button).toBeVisible({ timeout });
  return button;
}

/** Taps the Kompass-KI button named `name`. */
export async function openAssistant(page: Page, name: string | RegExp, timeout = 20_000) {
  await (await assistantButton(page, name, timeout)).click();
}
