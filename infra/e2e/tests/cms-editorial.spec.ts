import type { Page } from '@playwright/test';
import { button, toast, uniqueName } from './support/catalog';
import { expect, test, publishButton } from './support/cms';

// The acceptance of drafts and schedules, in Chromium against the real API, database and job queue: a staff member
// edits the About page, previews the draft while visitors still see the old page, schedules it a
// minute ahead, sees it go live, then restores the previous revision; the audit log shows each step.
// (The page is made for the test, so other tests' About page is left alone.)

test.describe.configure({ timeout: 240_000 });

/** `MM/DD/YYYY HH:mm` of an instant, in the browser's time zone (as the date-time inputs read it). */
const inputText = (page: Page, ms: number) =>
  page.evaluate((at) => {
    const d = new Date(at);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
  }, ms);

test('an admin edits the About page, previews the draft, schedules it a minute ahead, sees it go live, restores the previous revision, and the audit log shows each step', async ({
  page,
  browser,
  signIn,
  cms,
}) => {
  const { suffix } = uniqueName('E2E About');
  const url = `/e2e-about-${suffix}`;
  const oldTitle = `About DealDrop ${suffix}`;
  const newTitle = `About DealDrop, now weekly ${suffix}`;
  const id = await cms.createPage({ name: `E2E About ${suffix}`, title: oldTitle, url, description: 'Who we are.' });

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const visitorHeading = () => visitorPage.getByRole('heading', { level: 1 });
  /** What a crawler gets: the server-rendered HTML. */
  const servedHtml = async () => (await visitor.request.get(url)).text();

  await signIn('admin');
  await page.goto(`/cms/management/page/edit/${id}`);
  const bar = page.getByRole('region', { name: 'Publishing' });
  await expect(bar.getByText('Published', { exact: true })).toBeVisible();

  // ---- Edit → Save Draft: the editor keeps the draft, visitors still get the old page.
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await title.fill(newTitle);
  await button(page, 'Save Draft').click();
  await expect(toast(page).first()).toContainText('Draft saved');
  await expect(bar.getByText('Changes not published')).toBeVisible();
  await expect(title).toHaveValue(newTitle);

  await visitorPage.goto(url);
  await expect(visitorHeading()).toHaveText(oldTitle);
  const html = await servedHtml();
  expect(html).toContain(oldTitle);
  expect(html).not.toContain(newTitle);

  // ---- Preview Page: the draft in the site's layout.
  await page.getByRole('button', { name: 'Preview Page' }).click();
  await expect(page).toHaveURL('/preview');
  await expect(page.getByText('Draft preview')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
  await page.goBack();

  // ---- Schedule… a minute ahead (the next whole minute at least 45 s away).
  const publishAt = Math.ceil((Date.now() + 45_000) / 60_000) * 60_000;
  await bar.getByRole('button', { name: /Schedule/ }).click();
  const modal = page.getByRole('dialog', { name: 'Schedule page' });
  const publishInput = modal.getByRole('textbox', { name: 'Publish at', exact: true });
  await publishInput.click();
  await publishInput.fill(await inputText(page, publishAt));
  // Enter takes the typed date and time (as a keyboard user would).
  await publishInput.press('Enter');
  await expect(publishInput).toHaveValue(await inputText(page, publishAt));
  await button(modal, 'Save').click();
  await expect(toast(page).first()).toContainText('Schedule saved');
  await expect(bar.getByText(/Scheduled to publish/)).toBeVisible();
  expect(Date.parse((await cms.page(id)).editorial.publishAt ?? '')).toBe(publishAt);

  // Still the old page until then.
  expect(Date.now()).toBeLessThan(publishAt);
  await visitorPage.reload();
  await expect(visitorHeading()).toHaveText(oldTitle);

  // ---- It goes live at the minute, by the job queue.
  await expect
    .poll(
      async () => {
        await visitorPage.reload();
        return visitorHeading().textContent();
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .toBe(newTitle);
  expect(Date.now()).toBeGreaterThanOrEqual(publishAt);
  expect(await servedHtml()).toContain(newTitle);
  await page.reload();
  await expect(bar.getByText('Published', { exact: true })).toBeVisible();
  await expect(bar.getByText('Changes not published')).toHaveCount(0);

  // ---- History: the scheduled publish on top; Restore the version before it, then Publish.
  await bar.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: /history/i });
  const entries = drawer.locator('.ant-timeline-item');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Published');
  await expect(entries.nth(0)).toContainText('Scheduled');
  await expect(entries.nth(0)).toContainText(newTitle);
  await entries.nth(1).getByRole('button', { name: 'Restore' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page).first()).toContainText('Revision restored as the draft');
  await expect(bar.getByText('Changes not published')).toBeVisible();
  await expect(title).toHaveValue(oldTitle);
  await visitorPage.reload();
  await expect(visitorHeading()).toHaveText(newTitle);

  await publishButton(page).click();
  await expect(toast(page).first()).toContainText('Published successfully');
  await expect
    .poll(async () => {
      await visitorPage.reload();
      return visitorHeading().textContent();
    })
    .toBe(oldTitle);

  // ---- The audit log shows each step, newest first.
  await page.goto(`/admin/management/audit-log`);
  const rows = page.locator('.ant-table-tbody tr').filter({ hasText: `page #${id}` });
  await expect(rows.first()).toBeVisible();
  const actions = await rows.evaluateAll((found) => found.map((row) => row.textContent ?? ''));
  const steps = ['Publish', 'Restore revision', 'Publish', 'Schedule', 'Save draft'];
  expect(actions.length).toBeGreaterThanOrEqual(steps.length);
  steps.forEach((step, index) => expect(actions[index]).toContain(step));
  expect(actions[2]).toContain('Scheduled');
  expect(actions[4]).toContain('title');
  await visitor.close();
});
