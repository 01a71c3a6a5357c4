import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, hideToast } from '@deals/shared-auth';
import { expectLocation, expectToast, renderSectionsAt, serveSections, signInAs } from '../../testing/featuredSections';
import FeaturedSectionsPage from './FeaturedSectionsPage';
import FeaturedSectionFormPage from './FeaturedSectionFormPage';

/** The list and form screens at their App.tsx routes, at `path`. */
const renderAt = (path: string) => renderSectionsAt({ list: <FeaturedSectionsPage />, form: <FeaturedSectionFormPage /> }, path);

const NEW = '/admin/management/featured-section';
const EDIT = '/admin/management/featured-section/edit/1';
const LIST = '/admin/management/featured-sections';

const nameField = () => screen.getByLabelText('Feature Section Name', { selector: 'input' });
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const png = () => new File(['png-bytes'], 'summer.png', { type: 'image/png' });

/** The multipart body's fields (the file as its name). */
const fieldsOf = (body: unknown) => {
  expect(body).toBeInstanceOf(FormData);
  return Object.fromEntries(Array.from((body as FormData).entries(), ([key, value]) => [key, value instanceof File ? `file:${value.name}` : value]));
};

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
  // jsdom has no object URLs; the image field previews the picked file with one.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});

describe('New Featured Section', () => {
  it('requires the name, keeps Create disabled while invalid, and refuses to create without an image', async () => {
    signInAs(true);
    const calls = serveSections();
    renderAt(NEW);
    expect(await screen.findByRole('heading', { name: 'New Featured Section' })).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Is Active?' })).toBeChecked();
    expect(nameField()).toHaveAttribute('maxLength', '250');
    expect(create.closest('.deals-form-footer')).not.toBeNull();

    await userEvent.click(nameField());
    await userEvent.tab();
    expect(await screen.findByText('Feature Section Name is required')).toBeInTheDocument();
    await userEvent.type(nameField(), '   ');
    await userEvent.tab();
    expect(screen.getByText('Feature Section Name is required')).toBeInTheDocument();
    expect(create).toBeDisabled();

    await userEvent.type(nameField(), 'Back to School');
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await expectToast('Please upload an Image', 'warning');
    // Under the field too, and nothing was sent.
    expect(screen.getAllByText('Please upload an Image')).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('creates the section as multipart, then opens its edit screen', async () => {
    signInAs(true);
    const calls = serveSections((config) => {
      if (config.url === 'FeaturedSection/CreateFeaturedSection') return { status: 200, data: { message: 'Featured Section created successfully', id: 1 } };
      return undefined;
    });
    renderAt(NEW);
    await userEvent.type(await screen.findByLabelText('Feature Section Name', { selector: 'input' }), 'Summer Picks');
    await userEvent.click(screen.getByRole('switch', { name: 'Is Active?' }));
    await userEvent.upload(fileInput(), png());
    expect(await screen.findByText('summer.png')).toBeInTheDocument();
    expect(screen.getByText('Replace image')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    await expectToast('Featured Section created successfully', 'success');
    const create = calls.find((call) => call.url === 'FeaturedSection/CreateFeaturedSection');
    expect(create?.method).toBe('POST');
    expect(fieldsOf(create?.body)).toEqual({ name: 'Summer Picks', isActive: 'false', image: 'file:summer.png' });
    await expectLocation('/admin/management/featured-section/edit/1');
    expect(await screen.findByRole('heading', { name: 'Featured Section Details' })).toBeInTheDocument();
    await waitFor(() => expect(nameField()).toHaveValue('Summer Picks'));
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('clears the image message once an image is picked', async () => {
    signInAs(true);
    serveSections();
    renderAt(NEW);
    await userEvent.type(await screen.findByLabelText('Feature Section Name', { selector: 'input' }), 'Deals');
    const create = screen.getByRole('button', { name: 'Create' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await expectToast('Please upload an Image', 'warning');
    act(() => hideToast());
    await userEvent.upload(fileInput(), png());
    await waitFor(() => expect(screen.queryByText('Please upload an Image')).not.toBeInTheDocument());
    await waitFor(() => expect(create).toBeEnabled());
  });

  it('shows a failed create as a warning with the field message, and stays', async () => {
    signInAs(true);
    serveSections((config) =>
      config.url === 'FeaturedSection/CreateFeaturedSection'
        ? { status: 400, data: { message: 'Please check the highlighted fields.', errors: { name: 'Feature Section Name must not contain HTML tags' } } }
        : undefined,
    );
    renderAt(NEW);
    await userEvent.type(await screen.findByLabelText('Feature Section Name', { selector: 'input' }), '<b>Hot</b>');
    await userEvent.upload(fileInput(), png());
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await expectToast('Please check the highlighted fields.', 'warning');
    expect(await screen.findByText('Feature Section Name must not contain HTML tags')).toBeInTheDocument();
    await expectLocation(NEW);
  });

  it('goes back to the list on Cancel', async () => {
    signInAs(true);
    serveSections();
    renderAt(NEW);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expectLocation(LIST);
  });

  it('has the footer bar on the new and the edit screen: Return to Listing, Cancel, Create or Save Changes', async () => {
    signInAs(true);
    serveSections();
    const { unmount } = renderAt(NEW);
    for (const [screenName, button] of [
      ['new', 'Create'],
      ['edit', 'Save Changes'],
    ] as const) {
      if (screenName === 'edit') {
        unmount();
        renderAt(EDIT);
      }
      const save = await screen.findByRole('button', { name: button });
      const footer = save.closest('.deals-form-footer') as HTMLElement;
      expect(within(footer).getByRole('link', { name: /Return to Listing/ })).toHaveAttribute('href', LIST);
      expect(within(footer).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    }
  });

  it('tells staff who are not admins that only admins create sections', async () => {
    signInAs(false);
    const calls = serveSections();
    renderAt(NEW);
    expect(await screen.findByText('Only admins can create featured sections.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('Featured Section Details', () => {
  it('loads the section and saves its changes as multipart without an image, then returns to the list', async () => {
    signInAs(false);
    const calls = serveSections((config) =>
      config.url === 'FeaturedSection/UpdateFeaturedSection' ? { status: 200, data: { message: 'Featured Section updated successfully' } } : undefined,
    );
    renderAt(EDIT);
    expect(await screen.findByRole('heading', { name: 'Featured Section Details' })).toBeInTheDocument();
    await waitFor(() => expect(nameField()).toHaveValue('Summer Picks'));
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'FeaturedSection/GetFeaturedSection', params: { id: 1, withProducts: false } });
    expect(screen.getByRole('link', { name: /Return to Listing/ })).toHaveAttribute('href', LIST);
    expect(screen.getByAltText('Image preview')).toHaveAttribute('src', expect.stringContaining('sections/summer.png'));
    expect(screen.getByText('Replace image')).toBeInTheDocument();

    await userEvent.clear(nameField());
    await userEvent.tab();
    expect(await screen.findByText('Feature Section Name is required')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    await userEvent.type(nameField(), 'Summer Favourites');
    await userEvent.click(screen.getByRole('switch', { name: 'Is Active?' }));
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);

    await expectToast('Featured Section updated successfully', 'success');
    const update = calls.find((call) => call.url === 'FeaturedSection/UpdateFeaturedSection');
    expect(update?.method).toBe('PUT');
    expect(fieldsOf(update?.body)).toEqual({ id: '1', name: 'Summer Favourites', isActive: 'false' });
    await expectLocation(LIST);
  });

  it('sends a replaced image with the update', async () => {
    signInAs(true);
    const calls = serveSections((config) =>
      config.url === 'FeaturedSection/UpdateFeaturedSection' ? { status: 200, data: { message: 'Featured Section updated successfully' } } : undefined,
    );
    renderAt(EDIT);
    await waitFor(() => expect(nameField()).toHaveValue('Summer Picks'));
    await userEvent.upload(fileInput(), new File(['x'], 'new.webp', { type: 'image/webp' }));
    const save = screen.getByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expectLocation(LIST);
    expect(fieldsOf(calls.find((call) => call.url === 'FeaturedSection/UpdateFeaturedSection')?.body)).toEqual({ id: '1', name: 'Summer Picks', isActive: 'true', image: 'file:new.webp' });
  });

  it('shows a failed update as a warning and stays on the screen', async () => {
    signInAs(true);
    serveSections((config) => (config.url === 'FeaturedSection/UpdateFeaturedSection' ? { status: 404, data: { message: 'Featured Section not found' } } : undefined));
    renderAt(EDIT);
    await waitFor(() => expect(nameField()).toHaveValue('Summer Picks'));
    const save = screen.getByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expectToast('Featured Section not found', 'warning');
    await expectLocation(EDIT);
    expect(nameField()).toHaveValue('Summer Picks');
  });

  it('says so when the section does not exist, with a way back to the list', async () => {
    signInAs(true);
    serveSections();
    renderAt('/admin/management/featured-section/edit/99');
    expect(await screen.findByText('Featured section not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Return to Listing/ }));
    await expectLocation(LIST);
  });

  it('shows an error with Retry when the section cannot be loaded', async () => {
    signInAs(true);
    let failing = true;
    serveSections((config) => (failing && config.url === 'FeaturedSection/GetFeaturedSection' ? { status: 500, data: { message: 'Database unavailable' } } : undefined));
    renderAt(EDIT);
    await expectToast('Database unavailable', 'error');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(nameField()).toHaveValue('Summer Picks'));
  });
});

describe('Deals and Promo Codes', () => {
  it('lists the deals of the section with their image, store, product types and promo code', async () => {
    signInAs(false);
    serveSections();
    renderAt(EDIT);
    const card = (await screen.findByText('Deals and Promo Codes')).closest('.ant-card') as HTMLElement;
    const echo = (await within(card).findByText('Echo Dot 50% off')).closest('tr') as HTMLElement;
    expect(within(echo).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([' ViewRemove', '', 'Echo Dot 50% off', 'Amazon', 'Electronics, Home', 'ECHO50']);
    expect(within(echo).getByRole('img', { name: 'Echo Dot 50% off' })).toHaveAttribute('src', expect.stringContaining('deals/echo.png'));
    const shipping = within(card).getByText('Free Shipping Week').closest('tr') as HTMLElement;
    expect(within(shipping).getAllByRole('cell').slice(2).map((cell) => cell.textContent)).toEqual(['Free Shipping Week', 'Target', '—', '—']);
    for (const title of ['Actions', 'Preview Image', 'Product Name', 'Category', 'Product Type', 'Promo Code']) expect(within(card).getByRole('columnheader', { name: title })).toBeInTheDocument();

    await userEvent.click(within(echo).getByRole('link', { name: 'View Echo Dot 50% off' }));
    await expectLocation('/admin/management/product-deal/edit/11');
  });

  it('has no deals table on a new section', async () => {
    signInAs(true);
    serveSections();
    renderAt(NEW);
    await screen.findByRole('heading', { name: 'New Featured Section' });
    expect(screen.queryByText('Deals and Promo Codes')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add Deals/ })).not.toBeInTheDocument();
  });

  it('removes a deal after the confirm with both ids, then reloads the section', async () => {
    signInAs(false);
    const calls = serveSections((config) =>
      config.url === 'FeaturedSection/RemoveProductsFromFeaturedSection' ? { status: 200, data: { message: 'Deal removed from the featured section' } } : undefined,
    );
    renderAt(EDIT);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Echo Dot 50% off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Deal' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expectToast('Deal removed from the featured section', 'success');
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({
      url: 'FeaturedSection/RemoveProductsFromFeaturedSection',
      params: { featuredSectionId: 1, productId: 11 },
    });
    await waitFor(() => expect(calls.filter((call) => call.url === 'FeaturedSection/GetFeaturedSectionProducts')).toHaveLength(2));
  });

  it('shows a failed remove as a warning', async () => {
    signInAs(true);
    serveSections((config) =>
      config.url === 'FeaturedSection/RemoveProductsFromFeaturedSection' ? { status: 404, data: { message: 'This deal is not in this featured section' } } : undefined,
    );
    renderAt(EDIT);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Free Shipping Week' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Deal' })).getByRole('button', { name: 'Remove' }));
    await expectToast('This deal is not in this featured section', 'warning');
  });
});

describe('a section of many deals', () => {
  it('pages its deals on the server, searches them by name and sorts by a column', async () => {
    signInAs(false);
    const calls = serveSections();
    renderAt(EDIT);
    const card = (await screen.findByText('Deals and Promo Codes')).closest('.featured-section-deals') as HTMLElement;
    await within(card).findByText('Echo Dot 50% off');
    const listed = () => calls.filter((call) => call.url === 'FeaturedSection/GetFeaturedSectionProducts').map((call) => call.params);
    expect(listed()).toEqual([{ featuredSectionId: 1, page: 1, pageSize: 25 }]);

    await userEvent.type(within(card).getByLabelText("Search this section's deals"), 'free{Enter}');
    await waitFor(() => expect(within(card).queryByText('Echo Dot 50% off')).not.toBeInTheDocument());
    expect(within(card).getByText('Free Shipping Week')).toBeInTheDocument();
    expect(listed().at(-1)).toEqual({ featuredSectionId: 1, page: 1, pageSize: 25, name: 'free' });

    await userEvent.click(within(card).getByRole('columnheader', { name: 'Product Name' }));
    await waitFor(() => expect(listed().at(-1)).toMatchObject({ sortBy: 'name', order: 'asc', name: 'free' }));
  });
});
