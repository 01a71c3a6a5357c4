import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import type { SiteAsset } from '@deals/contract';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import { siteAsset } from '../../testing/siteSettings';
import SiteSettingsPage from './SiteSettingsPage';

type Answer = { status: number; data?: unknown } | undefined;

const PATH = { path: '/cms/management/assets-and-resources', route: '/cms/management/assets-and-resources' };

/** The API of the screen: the stored settings (changed by each save answer), and `extra` first. */
function serveSettings(extra: (config: InternalAxiosRequestConfig) => Answer = () => undefined, asset: SiteAsset = siteAsset()) {
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    if (config.url === 'Asset/GetAsset') return { status: 200, data: asset };
    if (config.url === 'Asset/UpdateAsset') return { status: 200, data: { message: 'Site settings updated successfully' } };
    return { status: 404, data: { message: 'Not found' } };
  });
}

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const fileInputs = () => Array.from(document.querySelectorAll<HTMLInputElement>('input[type=file]'));
const save = () => screen.getByRole('button', { name: 'Save Changes' });

async function renderLoaded() {
  renderScreen(<SiteSettingsPage />, PATH);
  return screen.findByDisplayValue('DealDrop');
}

beforeEach(() => {
  hideToast();
  clearSession();
  signInAs(1, { admin: true });
});

describe('SiteSettingsPage', () => {
  it('loads the settings from Asset/GetAsset into the four sections', async () => {
    const calls = serveSettings();
    await renderLoaded();
    expect(screen.getByRole('heading', { level: 2, name: 'Assets and Resources' })).toBeInTheDocument();
    for (const section of ['Resources', 'Basic Information', 'Social Media and Links', 'SEO Tools']) expect(screen.getByText(section)).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveValue('hello@dealdrop.test');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('(555) 123-4567');
    expect(screen.getByLabelText('Street Address 1')).toHaveValue('1 Main St');
    expect(screen.getByLabelText('Street Address 2')).toHaveValue('');
    expect(screen.getByLabelText('City')).toHaveValue('Springfield');
    expect(screen.getByLabelText('State')).toHaveValue('IL');
    expect(screen.getByLabelText('Zip Code')).toHaveValue('62701');
    expect(screen.getByLabelText('Primary Weekday Hours')).toHaveValue('Mon–Fri 9–5');
    expect(screen.getByLabelText('Primary Weekend Hours')).toHaveValue('Sat 10–2');
    expect(screen.getByLabelText('Facebook Link')).toHaveValue('https://facebook.com/dealdrop');
    expect(screen.getByLabelText('Google Map Link')).toHaveValue('https://maps.google.com/?q=dealdrop');
    expect(screen.getByLabelText('Google Analytics Id')).toHaveValue('G-ABC123XYZ9');
    expect(screen.getByLabelText('SEO')).toHaveValue('The best deals and promo codes.');
    expect(screen.getByLabelText('Facebook Pixel Code')).toHaveValue('123456789012345');
    // The stored logo shows and is replaced; the icon was never uploaded.
    expect(screen.getByRole('img', { name: 'Company Logo preview' }).getAttribute('src')).toMatch(/Attachments\/site\/logo\.png$/);
    expect(screen.getByRole('button', { name: 'Replace image (Company Logo)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload image (Company Icon)' })).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET Asset/GetAsset']);
    await waitFor(() => expect(save()).toBeEnabled());
  });

  it('stops every field at its §5 limit', async () => {
    serveSettings();
    await renderLoaded();
    const limits: Record<string, number> = {
      'Company Name': 250,
      'Email Address': 150,
      'Phone Number': 20,
      'Street Address 1': 150,
      'Street Address 2': 150,
      City: 100,
      State: 20,
      'Zip Code': 10,
      'Primary Weekday Hours': 150,
      'Secondary Weekday Hours': 150,
      'Primary Weekend Hours': 150,
      'Secondary Weekend Hours': 150,
      'Facebook Link': 500,
      'Instagram Link': 500,
      'Twitter Link': 500,
      'LinkedIn Link': 500,
      'YouTube Link': 500,
      'TikTok Link': 500,
      'Google Map Link': 500,
      'App Store Link': 500,
      'Google Play Store Link': 500,
      'Google Analytics Id': 500,
      SEO: 5000,
      'Facebook Pixel Code': 20,
    };
    for (const [label, max] of Object.entries(limits)) expect([label, screen.getByLabelText(label).getAttribute('maxlength')]).toEqual([label, String(max)]);
  });

  it('shows the §5 messages under the fields and keeps Save Changes disabled while invalid', async () => {
    serveSettings();
    const name = await renderLoaded();
    await userEvent.clear(name);
    await userEvent.tab();
    expect(await screen.findByText('Company Name is required')).toBeInTheDocument();
    const email = screen.getByLabelText('Email Address');
    await userEvent.clear(email);
    await userEvent.tab();
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(email, 'not-an-email');
    expect(await screen.findByText('Please enter valid email')).toBeInTheDocument();
    expect(save()).toBeDisabled();

    const facebook = screen.getByLabelText('Facebook Link');
    await userEvent.clear(facebook);
    await userEvent.type(facebook, 'javascript:alert(1)');
    await userEvent.tab();
    expect(await screen.findByText('Please enter a valid link starting with http:// or https://')).toBeInTheDocument();
    const analytics = screen.getByLabelText('Google Analytics Id');
    await userEvent.clear(analytics);
    await userEvent.type(analytics, 'abc');
    await userEvent.tab();
    expect(await screen.findByText('Please enter a valid Google Analytics id such as G-XXXXXXXXXX')).toBeInTheDocument();
    const pixel = screen.getByLabelText('Facebook Pixel Code');
    await userEvent.clear(pixel);
    await userEvent.type(pixel, 'fbq');
    await userEvent.tab();
    expect(await screen.findByText('Please enter a valid Facebook Pixel id (digits only)')).toBeInTheDocument();

    // A too-long stored value (pasted past the input's stop) shows the server's words.
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'c'.repeat(101) } });
    fireEvent.blur(screen.getByLabelText('City'));
    expect(await screen.findByText('City must be at most 100 characters')).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('masks the phone as (999) 999-9999 and the zip as 99999', async () => {
    serveSettings();
    await renderLoaded();
    const phone = screen.getByLabelText('Phone Number');
    await userEvent.clear(phone);
    await userEvent.type(phone, '555a987b65432');
    expect(phone).toHaveValue('(555) 987-6543');
    await userEvent.clear(phone);
    await userEvent.type(phone, '555');
    await userEvent.tab();
    expect(await screen.findByText('Please enter a valid phone number such as (999) 999-9999')).toBeInTheDocument();

    const zip = screen.getByLabelText('Zip Code');
    await userEvent.clear(zip);
    await userEvent.type(zip, '12a34-5678');
    expect(zip).toHaveValue('12345');
    await userEvent.clear(zip);
    await userEvent.type(zip, '123');
    await userEvent.tab();
    expect(await screen.findByText('Please enter a valid 5-digit zip code')).toBeInTheDocument();
  });

  it('saves as multipart without files when none was picked, shows the server message and reloads', async () => {
    const calls = serveSettings();
    const name = await renderLoaded();
    await userEvent.clear(name);
    await userEvent.type(name, '  DealDrop Inc.');
    await userEvent.clear(screen.getByLabelText('Facebook Link'));
    await waitFor(() => expect(save()).toBeEnabled());
    await userEvent.click(save());
    expect(await screen.findByText('Site settings updated successfully')).toBeInTheDocument();
    const put = calls.find((call) => call.url === 'Asset/UpdateAsset');
    expect(put?.method).toBe('PUT');
    const body = put?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('companyName')).toBe('DealDrop Inc.');
    expect(body.get('emailAddress')).toBe('hello@dealdrop.test');
    expect(body.get('phoneNumber')).toBe('(555) 123-4567');
    expect(body.get('zipCode')).toBe('62701');
    expect(body.get('googleMapLink')).toBe('https://maps.google.com/?q=dealdrop');
    expect(body.get('googleAnalyticsId')).toBe('G-ABC123XYZ9');
    expect(body.get('seo')).toBe('The best deals and promo codes.');
    expect(body.get('facebookPixelCode')).toBe('123456789012345');
    // Emptied and never-set fields are not sent, which clears them.
    expect(body.has('facebookLink')).toBe(false);
    expect(body.has('streetAddress2')).toBe(false);
    expect(body.has('companyLogo')).toBe(false);
    expect(body.has('companyIcon')).toBe(false);
    await waitFor(() => expect(calls.filter((call) => call.url === 'Asset/GetAsset')).toHaveLength(2));
  });

  it('sends the logo and icon files only when picked, then shows the reloaded form without them', async () => {
    const calls = serveSettings();
    await renderLoaded();
    fireEvent.change(fileInputs()[1] as HTMLInputElement, { target: { files: [png('icon.png')] } });
    expect(await screen.findByText('icon.png')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace image (Company Icon)' })).toBeInTheDocument();
    await userEvent.click(save());
    expect(await screen.findByText('Site settings updated successfully')).toBeInTheDocument();
    let body = calls.find((call) => call.url === 'Asset/UpdateAsset')?.body as FormData;
    expect((body.get('companyIcon') as File).name).toBe('icon.png');
    expect(body.has('companyLogo')).toBe(false);
    await waitFor(() => expect(screen.queryByText('icon.png')).not.toBeInTheDocument());

    fireEvent.change(fileInputs()[0] as HTMLInputElement, { target: { files: [png('logo.png')] } });
    await screen.findByText('logo.png');
    await userEvent.click(save());
    await waitFor(() => expect(calls.filter((call) => call.url === 'Asset/UpdateAsset')).toHaveLength(2));
    body = calls.filter((call) => call.url === 'Asset/UpdateAsset')[1]?.body as FormData;
    expect((body.get('companyLogo') as File).name).toBe('logo.png');
    expect(body.has('companyIcon')).toBe(false);
  });

  it('shows a save failure as a warning with the server message and the field message under its field', async () => {
    serveSettings((config) =>
      config.url === 'Asset/UpdateAsset'
        ? { status: 400, data: { message: 'Please check the highlighted fields.', errors: { googleMapLink: 'Please enter a valid link starting with http:// or https://' } } }
        : undefined,
    );
    await renderLoaded();
    await userEvent.click(save());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please check the highlighted fields.');
    expect(alert.closest('.ant-alert')).toHaveClass('ant-alert-warning');
    expect(screen.getByText('Please enter a valid link starting with http:// or https://')).toBeInTheDocument();
    expect(screen.getByLabelText('Google Map Link')).toHaveAttribute('aria-invalid', 'true');
    // The typed values stay for another try.
    expect(screen.getByLabelText('Company Name')).toHaveValue('DealDrop');
  });

  it('Cancel puts back the loaded values and drops picked images without saving', async () => {
    const calls = serveSettings();
    const name = await renderLoaded();
    await userEvent.clear(name);
    await userEvent.tab();
    await screen.findByText('Company Name is required');
    await userEvent.type(screen.getByLabelText('Street Address 2'), 'Suite 9');
    fireEvent.change(fileInputs()[0] as HTMLInputElement, { target: { files: [png('new-logo.png')] } });
    await screen.findByText('new-logo.png');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Company Name')).toHaveValue('DealDrop');
    expect(screen.getByLabelText('Street Address 2')).toHaveValue('');
    expect(screen.queryByText('Company Name is required')).not.toBeInTheDocument();
    expect(screen.queryByText('new-logo.png')).not.toBeInTheDocument();
    await waitFor(() => expect(save()).toBeEnabled());
    expect(calls.map((call) => call.url)).toEqual(['Asset/GetAsset']);
  });

  it('shows a load failure as an error with the generic text when the server gives no message', async () => {
    let fail = true;
    serveSettings((config) => (config.url === 'Asset/GetAsset' && fail ? { status: 502 } : undefined));
    renderScreen(<SiteSettingsPage />, PATH);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Oops! Something went wrong on the server. Please contact support.');
    expect(alert.closest('.ant-alert')).toHaveClass('ant-alert-error');
    expect(screen.getByText('The site settings could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByDisplayValue('DealDrop')).toBeInTheDocument();
  });

  it('starts empty before the first save, with Save Changes disabled until the required fields are filled', async () => {
    const empty = Object.fromEntries(Object.keys(siteAsset()).map((key) => [key, null])) as unknown as SiteAsset;
    const calls = serveSettings(undefined, empty);
    renderScreen(<SiteSettingsPage />, PATH);
    const name = await screen.findByLabelText('Company Name');
    expect(name).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Upload image (Company Logo)' })).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await userEvent.type(name, 'DealDrop');
    await userEvent.type(screen.getByLabelText('Email Address'), 'hello@dealdrop.test');
    await waitFor(() => expect(save()).toBeEnabled());
    await userEvent.click(save());
    await screen.findByText('Site settings updated successfully');
    const body = calls.find((call) => call.url === 'Asset/UpdateAsset')?.body as FormData;
    expect([...body.keys()].sort()).toEqual(['companyName', 'emailAddress', 'hotDealThreshold']);
  });
});

describe('the Hot badge threshold', () => {
  it('shows the stored threshold and saves a new one', async () => {
    const calls = serveSettings();
    await renderLoaded();
    const input = screen.getByLabelText('Hot Deal Threshold');
    expect(input).toHaveValue('10');
    await userEvent.clear(input);
    await userEvent.type(input, '25');
    fireEvent.blur(input);
    await waitFor(() => expect(save()).toBeEnabled());
    await userEvent.click(save());
    await waitFor(() => expect(calls.some((call) => call.url === 'Asset/UpdateAsset')).toBe(true));
    const body = calls.find((call) => call.url === 'Asset/UpdateAsset')?.body as FormData;
    expect(body.get('hotDealThreshold')).toBe('25');
  });
});
