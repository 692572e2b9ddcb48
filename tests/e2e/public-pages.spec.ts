// On a phone: the newsletter sign-up on the landing page confirmed through the mailed link, the
// project page and the footer's internal links, and feedback through the widget of the profile
// menu and the feedback page, read back in /nova.
import { expect, test } from '@playwright/test';
import { setRole, uniqueEmail, verifiedUser } from './support/accounts.ts';
import { unique } from './support/attempt.ts';
import { expectAccessible } from './support/axe.ts';
import { linkFromMail } from './support/mailbox.ts';
import { phone } from './support/phones.ts';

test.use(phone);

test('a guest signs up for the newsletter and confirms through the mailed link', async ({ page }) => {
  const email = uniqueEmail('leser');
  await page.goto('/');
  const teaser = page.getByRole('region', { name: 'Wachstumstipps per Newsletter' });
  // The form is an island of the prerendered landing: it starts when it comes into view.
  await teaser.scrollIntoViewIfNeeded();
  await expect(page.locator('[data-island="newsletter"][data-ready]')).toHaveCount(1);
  await teaser.getByRole('textbox', { name: 'Deine E-Mail-Adresse' }).fill(email);
  await teaser.getByRole('button', { name: 'Newsletter abonnieren' }).click();
  await expect(teaser.getByText(/Fast geschafft!/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Demo buchen' }).first()).toHaveAttribute('href', /^mailto:/);

  await page.goto(await linkFromMail(email, /Newsletter/, '/newsletter/confirm'));
  await expect(page.getByText('Danke! Deine Anmeldung zum Newsletter ist bestätigt.')).toBeVisible();
  await expectAccessible(page, '/newsletter/confirm');
});

test('the project page and the footer’s internal links', async ({ page }) => {
  await page.goto('/project');
  await expect(page.getByRole('heading', { level: 1, name: 'Über das Projekt' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Newsletter' }).getByRole('button', { name: 'Newsletter abonnieren' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Instagram' })).toHaveAttribute('target', '_blank');
  await expectAccessible(page, '/project');

  const footer = page.getByRole('navigation', { name: 'Fußzeile' });
  const internal: [string, RegExp, string][] = [
    ['Changelog', /\/changelog$/, 'Changelog & Roadmap'],
    ['Datenschutz', /\/privacy$/, 'Datenschutz'],
    ['Nutzungsbedingungen', /\/terms$/, 'Nutzungsbedingungen'],
    ['Über das Projekt', /\/project$/, 'Über das Projekt'],
    ['Newsletter', /\/project#newsletter$/, 'Über das Projekt'],
  ];
  for (const [name, url, heading] of internal) {
    await page.getByRole('navigation', { name: 'Fußzeile' }).getByRole('link', { name }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(heading) })).toBeVisible();
  }
  for (const name of ['Hilfe', 'Club', 'Blog', 'Impressum']) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', /^https:\/\//);
  }
});

test('feedback through the widget and the feedback page reaches /nova with its page', async ({ page }) => {
  const { email } = await verifiedUser(page);
  // Texts of this attempt's own: the list in /nova holds every earlier try's feedback too.
  const fromWidget = unique('Das Widget ist praktisch.');
  const fromPage = unique('Die Seite geht auch.');
  // A new user without a podcast lands on onboarding's first step.
  await expect(page).toHaveURL(/\/app\/onboarding\/create$/);
  const where = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await page.getByRole('menuitem', { name: 'Feedback geben' }).click();
  const dialog = page.getByRole('dialog', { name: 'Feedback geben' });
  await dialog.getByRole('button', { name: 'Feedback senden' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Bitte prüfe die markierten Felder.');
  await expect(dialog.getByRole('textbox', { name: 'Dein Feedback' })).toHaveAccessibleDescription(
    /Bitte schreib uns, was dir auf dem Herzen liegt\./,
  );
  await dialog.getByRole('textbox', { name: 'Dein Feedback' }).fill(fromWidget);
  await dialog.getByRole('button', { name: 'Feedback senden' }).click();
  await expect(dialog.getByText('Danke für dein Feedback!')).toBeVisible();
  await expectAccessible(page, 'the feedback widget');
  await dialog.getByRole('button', { name: 'Schließen' }).click();

  await page.goto('/app/feedback');
  await page.getByRole('textbox', { name: 'Dein Feedback' }).fill(fromPage);
  await page.getByRole('button', { name: 'Feedback senden' }).click();
  await expect(page.getByText('Danke für dein Feedback!')).toBeVisible();
  await expectAccessible(page, '/app/feedback');

  await setRole(page, email, 'editor');
  await page.goto('/nova/feedback');
  const widget = page.getByRole('listitem').filter({ hasText: fromWidget });
  await expect(widget).toContainText(`Seite ${where}`);
  await expect(widget).toContainText(email);
  await expect(page.getByRole('listitem').filter({ hasText: fromPage })).toContainText('Seite /app/feedback');
  await expectAccessible(page, '/nova/feedback');
});
