import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { Route } from 'react-router-dom';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { expectLocation, renderRoutes, signInAs } from '@deals/shared-auth/ui-testing';
import { choose, expectToast, fieldsOf, fileInput, optionsOf, png, selectedOf } from '../../testing/sectionFields';
import { formatDateTime } from '../../components/document/format';
import type { ContentSectionDetail } from './api';
import ContentSectionFormPage from './ContentSectionFormPage';
import { DRAFT_SAVED, NO_EDITS, section, withDraft } from '../../testing/contentSections';

// wangEditor needs a real browser; the form is tested with a textarea in its place.
jest.mock('../../components/rich-text/WangEditor', () => jest.requireActual('../../testing/TextareaEditor'));

const M = '/cms/management';
type Answer = { status: number; data?: unknown } | undefined;

function serve(extra: (config: InternalAxiosRequestConfig) => Answer = () => undefined) {
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    if (config.url === 'ContentSection/GetContentSectionById') return { status: 200, data: section() };
    if (config.url === 'ContentSection/CreateContentSection') return { status: 200, data: { message: 'Content section created successfully', id: 21 } };
    if (config.url === 'ContentSection/UpdateContentSection') return { status: 200, data: { message: 'Content section updated successfully' } };
    if (config.url?.endsWith('/AssignContentSectionToPage') || config.url?.endsWith('/AssignContentSectionToBlog')) {
      return { status: 200, data: { message: 'Content added successfully', id: 99 } };
    }
    return { status: 404, data: { message: 'Not found' } };
  });
}

function renderAt(path: string) {
  return renderRoutes(
    <>
      <Route path={`${M}/content-sections`} element={<p>List screen</p>} />
      <Route path={`${M}/content-section`} element={<ContentSectionFormPage />} />
      <Route path={`${M}/content-section/edit/:contentSectionId`} element={<ContentSectionFormPage />} />
      <Route path={`${M}/content-section/pageId/:pageId`} element={<ContentSectionFormPage />} />
      <Route path={`${M}/content-section/blogId/:blogId`} element={<ContentSectionFormPage />} />
      <Route path={`${M}/page/edit/:pageId`} element={<p>Page screen</p>} />
      <Route path={`${M}/blog/edit/:blogId`} element={<p>Blog screen</p>} />
    </>,
    path,
  );
}

const nameInput = () => screen.getByLabelText('Content Section Name', { selector: 'input' });
const titleInput = () => screen.getByLabelText('Title', { selector: 'input' });
const details = () => screen.findByRole('textbox', { name: 'Content Details' });
const createButton = () => screen.getByRole('button', { name: 'Create' });

/** A valid section of this type (by its label), without an image. */
async function fillSection(type = 'Default') {
  await userEvent.type(await screen.findByLabelText('Content Section Name', { selector: 'input' }), 'About us');
  await choose('Type', type);
  await userEvent.type(titleInput(), 'Who we are');
  if (type !== 'Custom') await userEvent.type(await details(), 'We find deals.');
}

beforeEach(() => {
  hideToast();
  clearSession();
  signInAs(1, { admin: true });
});

describe('New Content Section', () => {
  it('offers the 8 layout types, and each type sets the flags and locks the alignment as spec §4 says', async () => {
    serve();
    renderAt(`${M}/content-section`);
    expect(await screen.findByRole('heading', { name: 'New Content Section' })).toBeInTheDocument();
    expect(await optionsOf('Type')).toEqual(['Custom', 'Default', 'Reversed', 'Full Width', 'Full Width Padded', 'Text Only', 'Card', 'Banner']);
    expect(selectedOf('Alignment')).toBe('Left');
    await choose('Alignment', 'Center');

    const flag = (name: string) => screen.getByRole('switch', { name });
    // [type, alignment shown, locked, padded, floating card, text only]
    const rows: [string, string, boolean, boolean, boolean, boolean][] = [
      ['Default', 'Left', true, false, false, false],
      ['Reversed', 'Right', true, false, false, false],
      ['Full Width', 'Right', false, false, false, false],
      ['Full Width Padded', 'Right', false, true, false, false],
      ['Text Only', 'Right', false, false, false, true],
      ['Card', 'Right', false, false, true, false],
      ['Banner', 'Right', false, false, false, false],
      ['Custom', 'Right', false, false, false, false],
    ];
    for (const [type, alignment, locked, padded, floating, textOnly] of rows) {
      await choose('Type', type);
      await waitFor(() => expect(selectedOf('Alignment')).toBe(alignment));
      const alignmentInput = screen.getByLabelText('Alignment', { selector: 'input' });
      if (locked) expect(alignmentInput).toBeDisabled();
      else expect(alignmentInput).toBeEnabled();
      expect(flag('Is Padded?')).toHaveAttribute('aria-checked', String(padded));
      expect(flag('Is Floating Card?')).toHaveAttribute('aria-checked', String(floating));
      expect(flag('Is Text Only?')).toHaveAttribute('aria-checked', String(textOnly));
      // The type sets these three; rounded corners stay the editor's choice.
      expect(flag('Is Padded?')).toBeDisabled();
      expect(flag('Has Rounded Corners?')).toBeEnabled();
    }
  });

  it('says what is required: name, type, title and content details, except for Custom', async () => {
    const calls = serve();
    renderAt(`${M}/content-section`);
    await userEvent.click(await screen.findByLabelText('Content Section Name', { selector: 'input' }));
    await userEvent.click(titleInput());
    await userEvent.click(await details());
    await userEvent.click(nameInput());
    expect(await screen.findByText('Content Section Name is required')).toBeInTheDocument();
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Content Details is required')).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute('maxLength', '150');
    expect(titleInput()).toHaveAttribute('maxLength', '1000');
    expect(createButton()).toBeDisabled();

    // Banner: no content details needed.
    await choose('Type', 'Banner');
    await waitFor(() => expect(screen.queryByText('Content Details is required')).not.toBeInTheDocument());
    expect(screen.getByText('Title is required')).toBeInTheDocument();

    // Custom: no title either, and raw HTML instead of rich text.
    await choose('Type', 'Custom');
    await waitFor(() => expect(screen.queryByText('Title is required')).not.toBeInTheDocument());
    expect(screen.queryByRole('textbox', { name: 'Content Details' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Custom HTML')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('asks for the image with "Error! Please upload an image" as a warning and sends nothing', async () => {
    const calls = serve();
    renderAt(`${M}/content-section`);
    await fillSection('Card');
    await waitFor(() => expect(createButton()).toBeEnabled());
    await userEvent.click(createButton());
    await expectToast('Error! Please upload an image', 'warning');
    expect(screen.getAllByText('Error! Please upload an image')).toHaveLength(2);
    expect(calls).toEqual([]);
    // Picking one clears the message.
    await userEvent.upload(fileInput(), png('card.png'));
    await waitFor(() => expect(screen.getAllByText('Error! Please upload an image')).toHaveLength(1));
  });

  it.each([['Text Only'], ['Custom']])('creates a %s section without an image', async (type) => {
    const calls = serve();
    renderAt(`${M}/content-section`);
    await fillSection(type);
    if (type === 'Custom') await userEvent.type(screen.getByLabelText('Custom HTML'), '<div class="promo">Hi</div>');
    await waitFor(() => expect(createButton()).toBeEnabled());
    await userEvent.click(createButton());
    await expectToast('Content section created successfully', 'success');
    const body = fieldsOf(calls.find((call) => call.url === 'ContentSection/CreateContentSection')?.body);
    expect(body.image).toBeUndefined();
    if (type === 'Custom') expect(body).toMatchObject({ type: 'CONTENT_SECTION_CUSTOM', rawHTML: '<div class="promo">Hi</div>', description: '' });
    else expect(body).toMatchObject({ type: 'CONTENT_SECTION_TEXTONLY', isTextOnly: 'true', description: 'We find deals.' });
  });

  it('shows every button message (text needs type and link; the link fits its type)', async () => {
    serve();
    renderAt(`${M}/content-section`);
    await fillSection('Default');
    await userEvent.upload(fileInput(), png());
    await waitFor(() => expect(createButton()).toBeEnabled());

    await userEvent.type(screen.getByLabelText('Primary Button Text'), 'Shop now');
    expect(await screen.findByText('Primary Action Type is required')).toBeInTheDocument();
    expect(screen.getByText('Primary Action Link is required')).toBeInTheDocument();
    expect(createButton()).toBeDisabled();
    expect(screen.getByLabelText('Primary Button Text')).toHaveAttribute('maxLength', '50');
    expect(await optionsOf('Primary Action Type')).toEqual(['Page', 'Link (opens in a new tab)', 'Phone Number', 'Email Address']);

    await choose('Primary Action Type', 'Link (opens in a new tab)');
    await waitFor(() => expect(screen.queryByText('Primary Action Type is required')).not.toBeInTheDocument());
    expect(screen.getByText('Primary Action Link is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Primary Action Link'), 'javascript:alert(1)');
    expect(await screen.findByText('Primary Action Link must be a web address starting with http:// or https://')).toBeInTheDocument();
    expect(screen.getByLabelText('Primary Action Link')).toHaveAttribute('maxLength', '500');
    await userEvent.clear(screen.getByLabelText('Primary Action Link'));
    await userEvent.type(screen.getByLabelText('Primary Action Link'), 'https://deals.example/holiday');
    await waitFor(() => expect(screen.queryByText(/^Primary Action (Type|Link) (is|must)/)).not.toBeInTheDocument());

    await userEvent.type(screen.getByLabelText('Secondary Button Text'), 'Call us');
    expect(await screen.findByText('Secondary Action Type is required')).toBeInTheDocument();
    expect(screen.getByText('Secondary Action Link is required')).toBeInTheDocument();
    await choose('Secondary Action Type', 'Phone Number');
    await userEvent.type(screen.getByLabelText('Secondary Action Link'), '(555) 123-4567');
    await waitFor(() => expect(screen.queryByText(/^Secondary Action (Type|Link) (is|must)/)).not.toBeInTheDocument());
    await waitFor(() => expect(createButton()).toBeEnabled());
  });

  it('creates the section as multipart, then opens its own edit route', async () => {
    const calls = serve();
    renderAt(`${M}/content-section`);
    await fillSection('Reversed');
    await userEvent.click(screen.getByRole('switch', { name: 'Has Rounded Corners?' }));
    await userEvent.upload(fileInput(), png('about.png'));
    await userEvent.click(createButton());
    await expectToast('Content section created successfully', 'success');
    const create = calls.find((call) => call.url === 'ContentSection/CreateContentSection');
    expect(create?.method).toBe('POST');
    expect(fieldsOf(create?.body)).toEqual({
      name: 'About us',
      isActive: 'true',
      title: 'Who we are',
      description: 'We find deals.',
      rawHTML: '',
      type: 'CONTENT_SECTION_REVERSED',
      alignment: 'RIGHT',
      isPadded: 'false',
      isFloatingCard: 'false',
      isTextOnly: 'false',
      hasRoundedCorners: 'true',
      primaryButtonText: '',
      primaryButtonActionType: '',
      primaryButtonLink: '',
      secondaryButtonText: '',
      secondaryButtonActionType: '',
      secondaryButtonLink: '',
      image: 'file:about.png',
    });
    expect(calls.some((call) => call.url.includes('Assign'))).toBe(false);
    await expectLocation(`${M}/content-section/edit/21`);
  });

  it('from a page: sends the pageId, adds the new section to the page and returns to the page', async () => {
    const calls = serve();
    renderAt(`${M}/content-section/pageId/5`);
    expect(await screen.findByRole('link', { name: /Return to Page/ })).toHaveAttribute('href', `${M}/page/edit/5`);
    await fillSection('Full Width');
    await userEvent.upload(fileInput(), png());
    await userEvent.click(createButton());
    await expectLocation(`${M}/page/edit/5`);
    expect(fieldsOf(calls.find((call) => call.url === 'ContentSection/CreateContentSection')?.body)).toMatchObject({ pageId: '5' });
    expect(calls.find((call) => call.url === 'Page/AssignContentSectionToPage')).toMatchObject({
      method: 'POST',
      params: { pageId: 5, contentSectionId: 21, type: 'CONTENTSECTION' },
    });
    await expectToast('Content section created successfully', 'success');
  });

  it('from a blog: sends the blogId, adds it to the blog and returns there; a failed add is a warning', async () => {
    const calls = serve((config) =>
      config.url === 'Blog/AssignContentSectionToBlog' ? { status: 409, data: { message: 'This component is already added' } } : undefined,
    );
    renderAt(`${M}/content-section/blogId/9`);
    await fillSection('Default');
    await userEvent.upload(fileInput(), png());
    await userEvent.click(createButton());
    await expectLocation(`${M}/blog/edit/9`);
    expect(fieldsOf(calls.find((call) => call.url === 'ContentSection/CreateContentSection')?.body)).toMatchObject({ blogId: '9' });
    expect(calls.find((call) => call.url === 'Blog/AssignContentSectionToBlog')?.params).toEqual({ blogId: 9, contentSectionId: 21, type: 'CONTENTSECTION' });
    await expectToast('This component is already added', 'warning');
  });

  it('shows a failed create as a warning with the field message, and stays', async () => {
    serve((config) =>
      config.url === 'ContentSection/CreateContentSection'
        ? { status: 400, data: { message: 'Please check the highlighted fields.', errors: { title: 'Title must not contain HTML tags' } } }
        : undefined,
    );
    renderAt(`${M}/content-section/pageId/5`);
    await fillSection('Default');
    await userEvent.upload(fileInput(), png());
    await userEvent.click(createButton());
    await expectToast('Please check the highlighted fields.', 'warning');
    expect(await screen.findByText('Title must not contain HTML tags')).toBeInTheDocument();
    await expectLocation(`${M}/content-section/pageId/5`);
  });

  it('goes back to the page it came from on Cancel', async () => {
    serve();
    renderAt(`${M}/content-section/pageId/5`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expectLocation(`${M}/page/edit/5`);
  });
});

describe('Content Section Details', () => {
  const bar = () => screen.getByRole('region', { name: 'Publishing' });
  const ok = (message: string) => ({ status: 200, data: { message } });
  const saveDraft = () => screen.getByRole('button', { name: 'Save Draft' });
  const publish = () => screen.getByRole('button', { name: /Publish$/ });
  const writes = (calls: { method: string; url: string }[]) => calls.filter((call) => call.method !== 'GET').map((call) => call.url);
  const loads = (calls: { url: string }[]) => calls.filter((call) => call.url === 'ContentSection/GetContentSectionById').length;
  /** Confirms the open Popconfirm with its button. */
  const confirmPopover = async (title: string, button: string) => {
    const popover = (await screen.findByText(title)).closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(popover).getByRole('button', { name: button }));
  };
  /** Serves the section as `current()` answers it, and `more` first. */
  const serveSection = (current: () => ContentSectionDetail, more: (config: InternalAxiosRequestConfig) => Answer = () => undefined) =>
    serve((config) => more(config) ?? (config.url === 'ContentSection/GetContentSectionById' ? { status: 200, data: current() } : undefined));

  it('loads the published section, saves the edits as a draft (multipart, without an image) and stays', async () => {
    const calls = serve((config) => (config.url === 'ContentSection/SaveContentSectionDraft' ? ok('Draft saved') : undefined));
    renderAt(`${M}/content-section/edit/7`);
    expect(await screen.findByRole('heading', { name: 'Content Section Details' })).toBeInTheDocument();
    await waitFor(() => expect(nameInput()).toHaveValue('About us'));
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'ContentSection/GetContentSectionById', params: { contentSectionId: 7 } });
    expect(selectedOf('Type')).toBe('Default');
    expect(screen.getByLabelText('Alignment', { selector: 'input' })).toBeDisabled();
    expect(await details()).toHaveValue('<p>We find deals.</p>');
    expect(screen.getByLabelText('Primary Action Link')).toHaveValue('/deals');
    expect(screen.getByAltText('Image preview')).toHaveAttribute('src', expect.stringContaining('about.jpg'));
    // A published section without a draft: nothing to publish until an edit.
    expect(within(bar()).getByText('Published')).toBeInTheDocument();
    expect(publish()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();

    await userEvent.clear(titleInput());
    await userEvent.type(titleInput(), 'Who we really are');
    await waitFor(() => expect(saveDraft()).toBeEnabled());
    await userEvent.click(saveDraft());
    await expectToast('Draft saved', 'success');
    expect(writes(calls)).toEqual(['ContentSection/SaveContentSectionDraft']);
    const draft = calls.find((call) => call.url === 'ContentSection/SaveContentSectionDraft');
    expect(draft?.method).toBe('PUT');
    const body = fieldsOf(draft?.body);
    expect(body).toMatchObject({ id: '7', title: 'Who we really are', description: '<p>We find deals.</p>', rawHTML: '', primaryButtonText: 'Shop now', primaryButtonActionType: 'PAGE', primaryButtonLink: '/deals' });
    expect(body.image).toBeUndefined();
    expect(body.pageId).toBeUndefined();
    // Stays on the editor and loads the section again (with its new draft).
    await waitFor(() => expect(loads(calls)).toBe(2));
    await expectLocation(`${M}/content-section/edit/7`);
  });

  it('edits the draft when there is one: its values (rawHtml as the Custom HTML), with "Changes not published" and the bar', async () => {
    const custom = section({ type: 'CONTENT_SECTION_CUSTOM', title: null, description: null, rawHTML: '<div>Old</div>', imagePath: null });
    serveSection(() => withDraft(custom, { name: 'About us (new)', rawHtml: '<div>New</div>' }));
    renderAt(`${M}/content-section/edit/7`);
    await waitFor(() => expect(nameInput()).toHaveValue('About us (new)'));
    expect(screen.getByLabelText('Custom HTML')).toHaveValue('<div>New</div>');
    expect(within(bar()).getByText('Changes not published')).toBeInTheDocument();
    expect(within(bar()).queryByText('Published')).not.toBeInTheDocument();
    expect(bar()).toHaveTextContent(`saved by ${DRAFT_SAVED.by} at ${formatDateTime(DRAFT_SAVED.at)}`);
    for (const name of ['Discard Changes', 'Unpublish', 'Schedule…', 'History']) expect(within(bar()).getByRole('button', { name: new RegExp(name) })).toBeInTheDocument();
    // Sections have no preview links.
    expect(within(bar()).queryByRole('button', { name: /Share Preview Link/ })).not.toBeInTheDocument();
    // The saved draft can be published as it is.
    expect(publish()).toBeEnabled();
  });

  it('Save Draft of a Custom section sends its raw HTML as rawHTML', async () => {
    const custom = section({ type: 'CONTENT_SECTION_CUSTOM', title: null, description: null, rawHTML: '<div>Old</div>', imagePath: null });
    const calls = serveSection(
      () => withDraft(custom, { rawHtml: '<div>New</div>' }),
      (config) => (config.url === 'ContentSection/SaveContentSectionDraft' ? ok('Draft saved') : undefined),
    );
    renderAt(`${M}/content-section/edit/7`);
    await waitFor(() => expect(screen.getByLabelText('Custom HTML')).toHaveValue('<div>New</div>'));
    await userEvent.type(screen.getByLabelText('Custom HTML'), '<p>More</p>');
    await waitFor(() => expect(saveDraft()).toBeEnabled());
    await userEvent.click(saveDraft());
    await expectToast('Draft saved', 'success');
    expect(fieldsOf(calls.find((call) => call.url === 'ContentSection/SaveContentSectionDraft')?.body)).toMatchObject({
      id: '7',
      type: 'CONTENT_SECTION_CUSTOM',
      rawHTML: '<div>New</div><p>More</p>',
      description: '',
    });
  });

  it('Publish saves the unsaved edits as the draft first, then publishes, then shows the published section', async () => {
    let current: ContentSectionDetail = withDraft(section(), { title: 'Who we are now' });
    const calls = serveSection(
      () => current,
      (config) => {
        if (config.url === 'ContentSection/SaveContentSectionDraft') return ok('Draft saved');
        if (config.url !== 'ContentSection/PublishContentSection') return undefined;
        current = { ...section({ title: 'Who we are now!' }), draft: null, editorial: NO_EDITS };
        return ok('Published successfully');
      },
    );
    renderAt(`${M}/content-section/edit/7`);
    await waitFor(() => expect(titleInput()).toHaveValue('Who we are now'));
    await userEvent.type(titleInput(), '!');
    await waitFor(() => expect(publish()).toBeEnabled());
    await userEvent.click(publish());

    await expectToast('Published successfully', 'success');
    expect(writes(calls)).toEqual(['ContentSection/SaveContentSectionDraft', 'ContentSection/PublishContentSection']);
    expect(fieldsOf(calls.find((call) => call.url === 'ContentSection/SaveContentSectionDraft')?.body)).toMatchObject({ id: '7', title: 'Who we are now!' });
    expect(calls.find((call) => call.url === 'ContentSection/PublishContentSection')).toMatchObject({ method: 'PUT', params: { contentSectionId: 7 } });
    await waitFor(() => expect(within(bar()).getByText('Published')).toBeInTheDocument());
    expect(within(bar()).queryByText('Changes not published')).not.toBeInTheDocument();
    expect(titleInput()).toHaveValue('Who we are now!');
    await expectLocation(`${M}/content-section/edit/7`);
  });

  it('Publish of a saved draft publishes it at once; a refused publish is a warning', async () => {
    let refuse = true;
    const calls = serveSection(
      () => withDraft(section(), { title: 'Who we are now' }),
      (config) =>
        config.url === 'ContentSection/PublishContentSection' ? (refuse ? { status: 400, data: { message: 'There are no changes to publish.' } } : ok('Published successfully')) : undefined,
    );
    renderAt(`${M}/content-section/edit/7`);
    await waitFor(() => expect(titleInput()).toHaveValue('Who we are now'));
    await userEvent.click(publish());
    await expectToast('There are no changes to publish.', 'warning');
    refuse = false;
    await userEvent.click(publish());
    await expectToast('Published successfully', 'success');
    expect(writes(calls)).toEqual(['ContentSection/PublishContentSection', 'ContentSection/PublishContentSection']);
  });

  it('Publish with a type that needs an image, and none, publishes nothing', async () => {
    const calls = serveSection(() => withDraft(section({ type: 'CONTENT_SECTION_TEXTONLY', isTextOnly: true, imagePath: null }), {}));
    renderAt(`${M}/content-section/edit/7`);
    await waitFor(() => expect(selectedOf('Type')).toBe('Text Only'));
    await choose('Type', 'Card');
    await waitFor(() => expect(publish()).toBeEnabled());
    fireEvent.click(publish());
    await expectToast('Error! Please upload an image', 'warning');
    expect(writes(calls)).toEqual([]);
  });

  it('Discard Changes drops the draft after the confirm; Unpublish takes the section off the site', async () => {
    let current: ContentSectionDetail = withDraft(section(), { title: 'Who we are now' });
    const calls = serveSection(
      () => current,
      (config) => {
        if (config.url === 'ContentSection/DiscardContentSectionDraft') {
          current = { ...section(), draft: null, editorial: NO_EDITS };
          return ok('Draft discarded');
        }
        if (config.url === 'ContentSection/UnpublishContentSection') {
          current = { ...section({ isActive: false }), draft: null, editorial: NO_EDITS };
          return ok('Unpublished successfully');
        }
        return undefined;
      },
    );
    renderAt(`${M}/content-section/edit/7`);
    await waitFor(() => expect(titleInput()).toHaveValue('Who we are now'));
    await userEvent.click(within(bar()).getByRole('button', { name: /Discard Changes/ }));
    await confirmPopover('Discard the unpublished changes?', 'Discard');
    await expectToast('Draft discarded', 'success');
    expect(calls.find((call) => call.url === 'ContentSection/DiscardContentSectionDraft')).toMatchObject({ method: 'DELETE', params: { contentSectionId: 7 } });
    await waitFor(() => expect(titleInput()).toHaveValue('Who we are'));

    await userEvent.click(within(bar()).getByRole('button', { name: /Unpublish/ }));
    await confirmPopover('Unpublish this content section?', 'Unpublish');
    await expectToast('Unpublished successfully', 'success');
    expect(calls.find((call) => call.url === 'ContentSection/UnpublishContentSection')).toMatchObject({ method: 'PUT', params: { contentSectionId: 7 } });
    await waitFor(() => expect(within(bar()).getByText('Unpublished')).toBeInTheDocument());
  });

  it('shows the schedules, and Schedule… saves them with ScheduleContentSection', async () => {
    const publishAt = '2030-01-02T09:30:00.000Z';
    const calls = serveSection(
      () => ({ ...section({ isActive: false }), draft: null, editorial: { ...NO_EDITS, publishAt } }),
      (config) => (config.url === 'ContentSection/ScheduleContentSection' ? ok('Schedule saved') : undefined),
    );
    renderAt(`${M}/content-section/edit/7`);
    await waitFor(() => expect(nameInput()).toHaveValue('About us'));
    expect(within(bar()).getByText(`Scheduled to publish ${formatDateTime(publishAt)}`)).toBeInTheDocument();
    await userEvent.click(within(bar()).getByRole('button', { name: /Schedule/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule Content Section' });
    expect(within(dialog).getByLabelText('Publish at')).toHaveValue(formatDateTime(publishAt));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast('Schedule saved', 'success');
    expect(calls.find((call) => call.url === 'ContentSection/ScheduleContentSection')).toMatchObject({ method: 'PUT', params: { contentSectionId: 7 }, body: { publishAt, unpublishAt: null } });
  });

  it('History opens the section revisions with the form labels', async () => {
    const revisions = [
      {
        id: 22,
        recordType: 'contentSection',
        recordId: 7,
        action: 'publish',
        actorName: 'Ada Admin',
        at: '2026-05-02T10:00:00.000Z',
        changes: { title: { from: 'About', to: 'Who we are' }, description: { from: '<p>We sell.</p>', to: '<p>We find deals.</p>' }, type: { from: 'CONTENT_SECTION_REVERSED', to: 'CONTENT_SECTION_DEFAULT' } },
      },
      // The section's creation (the oldest listed shows its values only).
      { id: 21, recordType: 'contentSection', recordId: 7, action: 'create', actorName: 'Ada Admin', at: '2026-05-01T10:00:00.000Z', changes: { title: { from: null, to: 'About' } } },
    ];
    const calls = serve((config) => (config.url === 'Revisions/GetRevisions' ? { status: 200, data: revisions } : undefined));
    renderAt(`${M}/content-section/edit/7`);
    await waitFor(() => expect(nameInput()).toHaveValue('About us'));
    await userEvent.click(within(bar()).getByRole('button', { name: /History/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Content section history' });
    const revision = await within(drawer).findByRole('region', { name: 'Published by Ada Admin' });
    expect(calls.find((call) => call.url === 'Revisions/GetRevisions')).toMatchObject({ params: { recordType: 'contentSection', recordId: 7 } });
    // The form's own labels, and the types as the picker names them.
    expect(within(revision).getByText('Content Details')).toBeInTheDocument();
    expect(within(revision).getByText('Title')).toBeInTheDocument();
    expect(within(revision).getByText('Reversed')).toBeInTheDocument();
    expect(within(revision).getByText('Default')).toBeInTheDocument();
  });

  it('keeps Return to Page, and warns when saving the draft fails (staying on the editor)', async () => {
    let fail = true;
    const calls = serve((config) => {
      if (config.url === 'ContentSection/GetContentSectionById') return { status: 200, data: section({ pageId: 5 }) };
      if (config.url === 'ContentSection/SaveContentSectionDraft') {
        if (!fail) return ok('Draft saved');
        fail = false;
        return { status: 500, data: { message: 'Oops! Something went wrong on the server. Please contact support.' } };
      }
      return undefined;
    });
    renderAt(`${M}/content-section/edit/7`);
    expect(await screen.findByRole('link', { name: /Return to Page/ })).toHaveAttribute('href', `${M}/page/edit/5`);
    await waitFor(() => expect(nameInput()).toHaveValue('About us'));
    await userEvent.type(titleInput(), '!');
    await waitFor(() => expect(saveDraft()).toBeEnabled());
    await userEvent.click(saveDraft());
    await expectToast('Oops! Something went wrong on the server. Please contact support.', 'warning');
    await userEvent.click(saveDraft());
    await expectToast('Draft saved', 'success');
    expect(writes(calls)).toEqual(['ContentSection/SaveContentSectionDraft', 'ContentSection/SaveContentSectionDraft']);
    await expectLocation(`${M}/content-section/edit/7`);
    // Cancel still goes back to the page.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expectLocation(`${M}/page/edit/5`);
  });

  it('needs a new image when a section without one changes to a type that needs one', async () => {
    const calls = serve((config) =>
      config.url === 'ContentSection/GetContentSectionById'
        ? { status: 200, data: section({ type: 'CONTENT_SECTION_TEXTONLY', isTextOnly: true, imagePath: null }) }
        : undefined,
    );
    renderAt(`${M}/content-section/edit/7`);
    await waitFor(() => expect(selectedOf('Type')).toBe('Text Only'));
    await choose('Type', 'Card');
    await waitFor(() => expect(saveDraft()).toBeEnabled());
    fireEvent.click(saveDraft());
    await expectToast('Error! Please upload an image', 'warning');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows a failed load as an error with Retry', async () => {
    let fail = true;
    serve((config) => {
      if (config.url === 'ContentSection/GetContentSectionById' && fail) {
        fail = false;
        return { status: 500, data: { message: 'Database unavailable' } };
      }
      return undefined;
    });
    renderAt(`${M}/content-section/edit/7`);
    await expectToast('Database unavailable', 'error');
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(nameInput()).toHaveValue('About us'));
  });

  it('says when the section does not exist', async () => {
    serve((config) => (config.url === 'ContentSection/GetContentSectionById' ? { status: 404, data: { message: 'Content section not found' } } : undefined));
    renderAt(`${M}/content-section/edit/70`);
    expect(await screen.findByText('Content section not found')).toBeInTheDocument();
  });
});
