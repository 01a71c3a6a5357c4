import { button, dialog, pngFile, rowWith, tableRows, toast, uniqueName } from './support/catalog';
import { card, CMS_PATHS, combobox, EDIT_BLOG_URL, expect, expectAccessible, fieldError, idFrom, pick, screenTitle, selectedValue, test, typeRichText, publishButton } from './support/cms';

// Each test walks several admin screens (and axe over them): more than 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

// A blog written in the back office, in Chromium against the real API and database: New Blog,
// a content section made from its Blog Content, a banner image, Publish, and the blog on the
// site's Blog Posts list and at its url. What the test makes is deleted after it (support/cms.ts).

test('an admin creates a blog with a content section and a banner image, and the site lists it and shows it at its url', async ({ page, signIn, cms }) => {
  const { suffix } = uniqueName('E2E Blog');
  const name = `E2E Blog ${suffix}`;
  const url = `/e2e-blog-${suffix}`;
  const description = `Our e2e review of the week ${suffix}.`;
  await signIn('admin');

  // ---- The list, then New Blog.
  await page.goto(CMS_PATHS.blogs);
  await expect(screenTitle(page, 'Blogs')).toBeVisible();
  await expect(tableRows(page).first()).toBeVisible();
  await expectAccessible(page, 'the Blogs list');
  await page.getByRole('button', { name: /New Blog/ }).click();
  await expect(page).toHaveURL(CMS_PATHS.newBlog);
  await expect(screenTitle(page, 'New Blog')).toBeVisible();
  await expect(page.getByRole('button', { name: /Preview Blog/ })).toHaveCount(0);
  await expect(card(page, 'Blog Content')).toHaveCount(0);

  // The name is required (the spec's blog form words it as the menu item's).
  const nameField = page.getByLabel('Blog Name');
  await nameField.click();
  await nameField.blur();
  await expect(fieldError(page, 'Menu Item Name is required')).toBeVisible();
  await expectAccessible(page, 'the New Blog form');
  await nameField.fill(name);
  await expect(fieldError(page, 'Menu Item Name is required')).toHaveCount(0);
  await page.getByLabel('Url', { exact: true }).fill(url);
  await page.getByLabel('Keywords').fill('e2e, reviews');
  await page.getByLabel('Description').fill(description);
  const create = button(page, 'Create Blog');
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page).toHaveURL(EDIT_BLOG_URL);
  const blogId = idFrom(page, EDIT_BLOG_URL);
  await expect(toast(page)).toContainText('Blog created successfully');
  await expect(screenTitle(page, 'Blog Details')).toBeVisible();
  await expect(page.getByRole('button', { name: /Preview Blog/ })).toBeVisible();
  expect(await cms.blog(blogId)).toMatchObject({ name, url, isActive: true, description, bannerImageFilePath: null, contentSections: [] });

  // ---- Blog Content → Add Content → Content Section → Create New: a Reversed section (right-aligned).
  const content = card(page, 'Blog Content');
  await content.getByRole('button', { name: 'Add Content' }).click();
  const adding = dialog(page, 'Add Content Section');
  await pick(page, combobox(adding, 'Type'), 'Content Section');
  await expectAccessible(page, 'the Add Content Section modal');
  await button(adding, 'Create New').click();
  await expect(page).toHaveURL(`/cms/management/content-section/blogId/${blogId}`);
  await expect(screenTitle(page, 'New Content Section')).toBeVisible();
  await expect(page.getByRole('link', { name: /Return to Blog/ })).toHaveAttribute('href', CMS_PATHS.editBlog(blogId));
  const section = { name: `E2E Blog Section ${suffix}`, title: `E2E Blog Section title ${suffix}` };
  await page.getByLabel('Content Section Name').fill(section.name);
  await pick(page, combobox(page, 'Type'), 'Reversed');
  await expect(combobox(page, 'Alignment')).toBeDisabled();
  await expect(selectedValue(combobox(page, 'Alignment'))).toHaveText('Right');
  await page.getByLabel('Title', { exact: true }).fill(section.title);
  await typeRichText(page, page, 'Content Details', 'The deals we liked most, and', 'why');
  await page.locator('input[type="file"]').setInputFiles(pngFile('blog-section.png'));
  await expect(page.getByRole('img', { name: 'Image preview' })).toBeVisible();
  await expectAccessible(page, 'the New Content Section form of a blog');
  await button(page, 'Create').click();
  await expect(page).toHaveURL(CMS_PATHS.editBlog(blogId));
  await expect(rowWith(content, section.name)).toContainText('Content Section');
  await expect(tableRows(content)).toHaveCount(1);

  // ---- Blog Banner: upload an image, then Publish.
  const bannerCard = card(page, 'Blog Banner');
  await expect(bannerCard.getByText('No image')).toBeVisible();
  await bannerCard.locator('input[type="file"]').setInputFiles(pngFile('blog-banner.png', 64));
  await expect(bannerCard.getByRole('img', { name: 'Banner Image preview' })).toBeVisible();
  await expect(bannerCard.getByText('blog-banner.png')).toBeVisible();
  await expectAccessible(page, 'the Blog Details screen');
  // Publish saves the edit as the draft and publishes it; the editor stays.
  const publish = publishButton(page);
  await expect(publish).toBeEnabled();
  await publish.click();
  await expect(toast(page).first()).toContainText('Published successfully');
  await expect(page.getByRole('region', { name: 'Publishing' }).getByText('Published', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Listing' }).click();
  await expect(page).toHaveURL(CMS_PATHS.blogs);
  const row = rowWith(page, name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Yes');
  const saved = await cms.blog(blogId);
  expect(saved.bannerImageFilePath).toBeTruthy();
  expect(saved.contentSections.map((component) => [component.name, component.type])).toEqual([[section.name, 'CONTENTSECTION']]);
  const stored = await cms.contentSection(saved.contentSections[0]!.contentSectionId!);
  expect(stored).toMatchObject({ type: 'CONTENT_SECTION_REVERSED', alignment: 'RIGHT', blogId, title: section.title });
  expect(stored.description).toContain('<strong>why</strong>');

  // ---- The site: the Blog Posts list has it, and it opens at its url with its banner and section.
  await page.goto('/blogs-and-reviews');
  const post = page.getByRole('main').locator('article').filter({ has: page.getByRole('heading', { level: 2, name }) });
  await expect(post).toHaveCount(1);
  await expect(post).toContainText(description);
  await expect(post.getByRole('link', { name })).toHaveAttribute('href', url);
  await post.getByRole('link', { name }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const banner = page.locator('.cms-page__banner img');
  await expect(banner).toBeVisible();
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const shown = page.locator('section.cs', { hasText: section.title });
  await expect(shown).toHaveClass(/cs--reversed/);
  await expect(shown.getByRole('heading', { level: 2, name: section.title })).toBeVisible();
  await expect(shown.locator('.rich-text strong')).toHaveText('why');
  await expect(shown.locator('img')).toBeVisible();
});
