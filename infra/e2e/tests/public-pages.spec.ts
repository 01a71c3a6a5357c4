import type { Page } from '@playwright/test';
import { api, DESKTOP, expect, nextSearch, POPUP_KEYS, scrollThrough, test } from './support/public';

// The stores, categories, blog posts and email blast pages, and the email popup's timing, against
// the demo data on a 1440 px desktop.

test.use({ viewport: DESKTOP });

const tiles = (page: Page) => page.getByRole('main').getByRole('listitem').getByRole('link');

test.describe('stores and categories', () => {
  test('the stores page searches by name and opens the store’s deals', async ({ page, request }) => {
    const { stores } = await api.siteInfo(request);
    const store = stores.find((s) => /^[A-Za-z ]+$/.test(s.name) && s.name.includes(' ')) ?? stores[3]!;
    const needle = store.name.split(' ')[1]!.toLowerCase();
    await page.goto('/stores');
    await expect(tiles(page)).toHaveText(stores.map((s) => s.name));

    await page.getByRole('searchbox', { name: 'Search stores' }).fill(needle.toUpperCase());
    await expect(tiles(page)).toHaveText(stores.filter((s) => s.name.toLowerCase().includes(needle)).map((s) => s.name));
    const searched = nextSearch(page, (body) => body.categories?.includes(store.id) === true);
    await tiles(page).filter({ hasText: store.name }).click();
    await expect(page).toHaveURL(new RegExp(`/deals\\?stores=${store.id}$`));
    expect((await searched).categories).toEqual([store.id]);
    await expect(page.getByRole('checkbox', { name: store.name })).toBeChecked();

    await page.goBack();
    await page.getByRole('searchbox', { name: 'Search stores' }).fill('qzxqzx');
    await expect(page.getByText('No stores found')).toBeVisible();
    await expect(tiles(page)).toHaveCount(0);
  });

  test('the categories page searches by name and opens the category’s deals', async ({ page, request }) => {
    const { categories } = await api.siteInfo(request);
    const category = categories[1]!;
    const needle = category.name.split(/\W+/).at(-1)!.toLowerCase();
    await page.goto('/categories');
    await expect(tiles(page)).toHaveText(categories.map((c) => c.name));

    await page.getByRole('searchbox', { name: 'Search categories' }).fill(needle);
    await expect(tiles(page)).toHaveText(categories.filter((c) => c.name.toLowerCase().includes(needle)).map((c) => c.name));
    const searched = nextSearch(page, (body) => body.productTypes?.includes(category.id) === true);
    await tiles(page).filter({ hasText: category.name }).click();
    await expect(page).toHaveURL(new RegExp(`/deals\\?categories=${category.id}$`));
    expect((await searched).productTypes).toEqual([category.id]);
    await expect(page.getByRole('checkbox', { name: category.name })).toBeChecked();
  });
});

test.describe('blog posts', () => {
  test('search filters the blogs by name and a row opens the blog', async ({ page, request }) => {
    const posts = await api.blogPosts(request);
    expect(posts.length, 'the demo data has several blogs').toBeGreaterThan(1);
    const post = posts[1]!;
    const word = post.name.split(/\s+/).find((w) => w.length > 4 && posts.filter((p) => p.name.toLowerCase().includes(w.toLowerCase())).length === 1)!;
    await page.goto('/blogs-and-reviews');
    const titles = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(titles).toHaveText(posts.map((p) => p.name));
    if (post.addedBy) await expect(page.getByRole('main').getByText(`By: ${post.addedBy}`).first()).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search blogs by name' }).fill(word.toLowerCase());
    await expect(titles).toHaveText([post.name]);
    await page.getByRole('link', { name: post.name }).click();
    await expect(page).toHaveURL(new RegExp(`${post.url}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(/^By:/)).toBeVisible();

    await page.goBack();
    await page.getByRole('searchbox', { name: 'Search blogs by name' }).fill('qzxqzx');
    await expect(page.getByText('No Blogs Available')).toBeVisible();
  });
});

test.describe('email blast', () => {
  test('the signup page refuses an invalid address and subscribes a valid one through our API', async ({ page }) => {
    await page.goto('/email-blast-signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Email Blast' })).toBeVisible();
    const form = page.getByRole('main');
    const email = form.getByLabel('Email');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('maxlength', '200');

    let posted = 0;
    page.on('request', (r) => r.url().includes('/api/EmailBlast/Subscribe') && (posted += 1));
    await email.fill('jane@');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please enter valid email');
    expect(posted).toBe(0);

    const address = `e2e-${Date.now()}@example.com`;
    await email.fill(address);
    await expect(form.getByRole('alert')).toHaveCount(0);
    const subscribed = page.waitForResponse((res) => res.url().endsWith('/api/EmailBlast/Subscribe') && res.request().method() === 'POST');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    const response = await subscribed;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({ email: address });
    await expect(form.getByRole('status').filter({ hasText: 'Thanks for signing up!' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), POPUP_KEYS.signed)).toBe('true');
  });
});

test.describe('email popup', () => {
  test.use({ emailPopup: 'allowed' });
  const popup = (page: Page) => page.getByRole('dialog', { name: 'Join Our Email Blast' });
  const T0 = new Date('2026-06-01T12:00:00Z').getTime();

  /**
   * Opens `path` on a fake clock and answers the page time at which the site's layout (and with it
   * the popup's timer, mounted in the same render) appeared: the 5 s count starts then.
   */
  async function openWithClock(page: Page, path: string): Promise<number> {
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('main#main')) return;
        (window as unknown as { popupMountedAt: number }).popupMountedAt = Date.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);
    await expect(page.locator('main#main')).toHaveCount(1);
    return page.evaluate(() => (window as unknown as { popupMountedAt: number }).popupMountedAt);
  }

  test('opens 5 s after load, not before; Maybe Later keeps it away, for 3 days', async ({ page }) => {
    await page.clock.install({ time: T0 });
    const mountedAt = await openWithClock(page, '/home');

    await page.clock.pauseAt(mountedAt + 4_500);
    await expect(popup(page)).toBeHidden();
    await page.clock.runFor(1_000);
    // The popup's timer has fired; its dialog loads as a chunk, which React reveals on a timer of
    // its own: let the clock run again.
    await page.clock.resume();
    await expect(popup(page)).toBeVisible();
    await expect(popup(page).getByRole('button', { name: 'Sign Up' })).toBeVisible();

    await popup(page).getByRole('button', { name: 'Maybe Later' }).click();
    await expect(popup(page)).toBeHidden();
    const dismissedAt = Date.parse((await page.evaluate((key) => localStorage.getItem(key), POPUP_KEYS.dismissedAt)) ?? '');
    expect(dismissedAt).toBeGreaterThanOrEqual(mountedAt + 5_000);

    // Not again after a reload…
    await page.reload();
    await expect(page.locator('main#main')).toHaveCount(1);
    await page.clock.runFor(60_000);
    await expect(popup(page)).toBeHidden();

    // …until more than 3 days have passed.
    await page.clock.fastForward(3 * 24 * 3_600_000 + 60_000);
    await page.reload();
    await expect(page.locator('main#main')).toHaveCount(1);
    await page.clock.runFor(6_000);
    await expect(popup(page)).toBeVisible();
  });

  test('never opens on the signup page', async ({ page }) => {
    await page.clock.install({ time: T0 });
    await openWithClock(page, '/email-blast-signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Email Blast' })).toBeVisible();
    await page.clock.runFor(60_000);
    await expect(popup(page)).toBeHidden();
  });
});

test.describe('carousels', () => {
  /** Boxes where a carousel's arrow covers a slide's text or control, at the current width. */
  const coveredByArrows = (page: Page) =>
    page.evaluate(() => {
      const overlaps = (a: DOMRect, b: DOMRect) => a.width > 0 && b.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const found: string[] = [];
      for (const carousel of document.querySelectorAll('.carousel')) {
        const arrows = [...carousel.querySelectorAll('.carousel__nav')].map((arrow) => arrow.getBoundingClientRect());
        const track = carousel.querySelector('.carousel__track')!.getBoundingClientRect();
        // Every text of the slides (as laid out, line by line) and every link or button in them.
        const walker = document.createTreeWalker(carousel.querySelector('.carousel__track')!, NodeFilter.SHOW_TEXT);
        const boxes: { what: string; box: DOMRect }[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const box of range.getClientRects()) boxes.push({ what: node.textContent.trim().slice(0, 30), box });
        }
        for (const control of carousel.querySelectorAll('.carousel__track a, .carousel__track button')) boxes.push({ what: `control ${control.textContent?.trim().slice(0, 30)}`, box: control.getBoundingClientRect() });
        for (const { what, box } of boxes) {
          // Only what shows: inside the track's scrolled window.
          if (box.right <= track.left || box.left >= track.right) continue;
          if (arrows.some((arrow) => overlaps(arrow, box))) found.push(what);
        }
      }
      return found;
    });

  for (const width of [1440, 1024, 768, 601, 600, 390]) {
    test(`arrows never cover a slide's text or buttons at ${width} px (about us, home)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/about-us');
      await expect(page.locator('.dyn-banner .carousel__nav').first()).toBeVisible();
      expect(await coveredByArrows(page)).toEqual([]);
      // Each slide in turn (the next arrow moves one).
      const next = page.locator('.dyn-banner .carousel__nav--next');
      for (let slide = 1; slide < (await page.locator('.dyn-banner .carousel__slide').count()); slide += 1) {
        await next.click();
        await page.waitForTimeout(600);
        expect(await coveredByArrows(page)).toEqual([]);
      }
      await page.goto('/home');
      await expect(page.getByRole('region', { name: 'Featured deals' })).toBeVisible();
      await scrollThrough(page);
      expect(await coveredByArrows(page)).toEqual([]);
    });
  }
});
