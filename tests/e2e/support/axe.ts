// axe in the page: no serious or critical violations of WCAG 2.1 A/AA and best practices.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { allowFor } from './budget.ts';

/**
 * What one scan adds to its test's limit (support/budget.ts). A scan takes 1–3 s on a quiet
 * machine, 10 s on a busy one and 25 s on the large admin form at a load of 30 on 2 cores; a
 * journey with five of them ran out of the 60 s that fit its clicks.
 */
const SCAN_BUDGET_MS = 30_000;

/**
 * One scan of WCAG 2.1 A/AA and best practices. Legacy mode runs axe in the page alone; the default
 * opens a blank page beside it to gather the frames' results (for cross-origin frames, which the
 * app has none of): 1.4–1.6 s a scan, 0.7–0.9 s in legacy mode (2026-11-27). Only violations are
 * asked for: axe otherwise lists every node that passed and sends them all back to the test.
 */
async function scan(page: Page) {
  allowFor(SCAN_BUDGET_MS);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations;
}

export async function expectAccessible(page: Page, name: string) {
  const violations = await scan(page);
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe on ${name}`).toEqual([]);
}

/**
 * axe with every impact, moderate and minor too (heading-order on the method cards,
 * region in popover menus): no node at all.
 */
export async function expectNoAxeNodes(page: Page, name: string) {
  const violations = await scan(page);
  const nodes = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(nodes, `axe on ${name}`).toEqual([]);
}

/**
 * The same with each popup open in turn: `triggers` open a menu or a dialog, which is scanned open
 * and closed with Escape. Radix portalled menus to <body>, outside every landmark, where a scan of
 * the closed page never saw them (src/client/components/README.md).
 */
export async function expectNoAxeNodesInPopups(page: Page, name: string, triggers: Locator[]) {
  const popup = page.getByRole('menu').or(page.getByRole('dialog'));
  for (const trigger of triggers) {
    await trigger.click();
    await expect(popup).toBeVisible();
    await expectNoAxeNodes(page, `${name}, ${await trigger.getAttribute('aria-label')} open`);
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
  }
}
