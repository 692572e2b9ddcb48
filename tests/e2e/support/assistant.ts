import type { Page } from '@playwright/test';

/**
 * Scrolls to the page's end, where room is kept for the floating Kompass-KI button: it steps aside
 * (invisible, hidden from screen readers) while it would cover a control (issue 21).
 */
export const toAssistantRoom = (page: Page) =>
  page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
