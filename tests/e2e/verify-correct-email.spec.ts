// A mistyped address at registration: /verify lets the user correct it, and the new link works.
import { expect, test } from '@playwright/test';
import { linkFromMail } from './support/mailbox.ts';
import { PASSWORD, registerViaApi, uniqueEmail, VERIFY_SUBJECT } from './support/accounts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

test('correct the address on /verify and confirm the new one', async ({ page }) => {
  const typo = uniqueEmail('tippfehler');
  await registerViaApi(page, typo);
  await page.goto('/verify');
  await expect(page.getByText(typo)).toBeVisible();

  await page.getByRole('button', { name: 'E-Mail-Adresse korrigieren' }).click();
  const form = page.getByRole('form', { name: 'E-Mail-Adresse korrigieren' });
  await expect(form.getByLabel('E-Mail-Adresse')).toHaveValue(typo);
  const right = uniqueEmail('richtig');
  await form.getByLabel('E-Mail-Adresse').fill(right);
  await form.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(form.getByText('Bitte gib dein aktuelles Passwort ein.')).toHaveCount(1);

  await form.getByLabel('Aktuelles Passwort').fill(PASSWORD);
  await form.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Deine E-Mail-Adresse wurde geändert. Wir haben dir eine neue E-Mail an ${right} geschickt.`,
  );
  await expect(page.locator('main p strong')).toHaveText(right);
  const me = (await (await page.request.get('/api/account')).json()) as { data: { email: string } };
  expect(me.data.email).toBe(right);

  await page.goto(await linkFromMail(right, VERIFY_SUBJECT, '/email'));
  await expect(page).toHaveURL(/\/app\/onboarding\/create$/);
  await expect(page.getByRole('status')).toHaveText('Deine E-Mail-Adresse ist bestätigt.');
});

test('a session probe asked before the confirmation was stored does not send the confirmed user back to /verify', async ({
  page,
}) => {
  const user = await registerViaApi(page);
  const link = await linkFromMail(user.email, VERIFY_SUBJECT, '/email');
  // The order a busy server once took: the pending screen's probe reads the user before the
  // confirmation is stored, and its answer arrives only after the confirmation's.
  let probeRead!: () => void;
  const probeHasRead = new Promise<void>((resolve) => (probeRead = resolve));
  const confirmed = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/email/verify/'));
  let held = false;
  await page.route('**/api/account/session', async (route) => {
    if (held || route.request().method() !== 'GET') return route.continue();
    held = true;
    const early = await route.fetch();
    probeRead();
    await confirmed;
    await route.fulfill({ response: early }).catch(() => undefined);
  });
  await page.route('**/api/email/verify/**', async (route) => {
    await probeHasRead;
    await route.continue();
  });
  await page.goto(link);
  await expect(page).toHaveURL(/\/app\//);
});
