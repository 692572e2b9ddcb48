// With many comments the comment form stays at hand: on a 390 px phone with 50
// comments it comes before them, the newest first, and a comment written offline shows between
// the form and the sent ones.
import { expect, test } from '@playwright/test';
import { apiWrite, verifiedUser } from './support/accounts.ts';
import { podcastWithExperiment } from './support/podcasts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

test('the comment form comes before 50 comments, newest first', async ({ page }) => {
  await verifiedUser(page);
  const { experiment } = await podcastWithExperiment(page, 'Viele Kommentare');
  for (let n = 1; n <= 50; n++)
    await apiWrite(page, 'POST', `/api/experiments/${experiment.id}/comments`, { content: `Notiz ${n}` });
  await page.goto(`/app/experiments/${experiment.id}`);
  const comments = page.getByRole('region', { name: 'Kommentare' });
  const items = comments.getByRole('listitem');
  await expect(items).toHaveCount(50);
  await expect(items.first()).toContainText('Notiz 50');

  const field = comments.getByRole('textbox', { name: 'Kommentar' });
  const heading = (await comments.getByRole('heading', { name: 'Kommentare' }).boundingBox())!;
  const form = (await field.boundingBox())!;
  const first = (await items.first().boundingBox())!;
  expect(form.y).toBeLessThan(first.y);
  // Right under the card's heading, not past the comments: within one screen of it.
  expect(form.y - heading.y).toBeLessThan(phone.viewport.height);

  await field.fill('Notiz 51');
  await comments.getByRole('button', { name: 'Kommentieren' }).click();
  await expect(items.first()).toContainText('Notiz 51');
  await expect(field).toHaveValue('');
});
