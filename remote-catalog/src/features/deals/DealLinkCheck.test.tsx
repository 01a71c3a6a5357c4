import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { LinkCheck } from '@deals/contract';
import { clearSession, hideToast } from '@deals/shared-auth';
import { api, navigation } from '@deals/shared-auth/client';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import { PRODUCT_TYPES, STORES, product } from '../../testing/deals';
import DealFormPage from './DealFormPage';

type Answer = { status: number; data?: unknown };

const DEAD: LinkCheck = {
  productId: 5,
  status: 'DEAD',
  httpStatus: 404,
  finalUrl: 'https://store.example/gone',
  reason: 'the server answered 404',
  checkedAt: '2026-05-02T10:00:00.000Z',
  consecutiveDead: 3,
};

function serveForm(check: (config: InternalAxiosRequestConfig) => Answer) {
  return serveFakeApi((config) => {
    if (config.url === 'LinkHealth/CheckProduct') return check(config);
    if (config.url === 'Category/GetAllCategories') return { status: 200, data: STORES };
    if (config.url === 'ProductType/GetAllProductTypes') return { status: 200, data: PRODUCT_TYPES };
    if (config.url === 'Product/GetProductById') return { status: 200, data: product() };
    return { status: 404, data: { message: 'Not found' } };
  });
}

const EDIT = { path: '/admin/management/product-deal/edit/5', route: '/admin/management/product-deal/edit/:productId' };
const CREATE = { path: '/admin/management/product-deal/create', route: '/admin/management/product-deal/create' };
const checkButton = () => screen.getByRole('button', { name: 'Check link now' });
const result = () => screen.getByRole('status', { name: 'Link check' });

const visited: string[] = [];
beforeEach(() => {
  hideToast();
  clearSession();
  visited.length = 0;
  // jsdom cannot navigate; the shared client leaves the page on a 403.
  navigation.assign = (url) => void visited.push(url);
});

describe('Check link now on the deal form', () => {
  it('checks the saved deal and shows a dead link with its evidence and the way to Needs attention', async () => {
    signInAs(1, { admin: false });
    const calls = serveForm(() => ({ status: 200, data: DEAD }));
    renderScreen(<DealFormPage />, EDIT);
    await screen.findByDisplayValue('Wireless Mouse');
    expect(screen.getByText('Checks the saved link.')).toBeInTheDocument();
    expect(result()).toBeEmptyDOMElement();

    await userEvent.click(checkButton());
    await waitFor(() => expect(result()).toHaveTextContent('Link is dead'));
    expect(calls.filter((call) => call.url === 'LinkHealth/CheckProduct')).toEqual([expect.objectContaining({ method: 'POST', params: { productId: 5 } })]);
    const shown = result();
    expect(shown).toHaveTextContent('the server answered 404');
    expect(shown).toHaveTextContent('HTTP status404');
    expect(within(shown).getByRole('link', { name: 'https://store.example/gone' })).toHaveAttribute('href', 'https://store.example/gone');
    expect(shown).toHaveTextContent('Dead in a row3 checks');
    expect(within(shown).getByRole('link', { name: 'Open Needs attention' })).toHaveAttribute('href', '/admin/management/needs-attention');
  });

  it('shows a working link in green words without the Needs attention link', async () => {
    signInAs(1, { admin: true });
    serveForm(() => ({ status: 200, data: { ...DEAD, status: 'OK', httpStatus: 200, reason: 'the page answered 200', consecutiveDead: 0 } }));
    renderScreen(<DealFormPage />, EDIT);
    await screen.findByDisplayValue('Wireless Mouse');
    await userEvent.click(checkButton());
    await waitFor(() => expect(result()).toHaveTextContent('Link works'));
    expect(result().querySelector('.deal-link-check__result--ok')).not.toBeNull();
    expect(within(result()).queryByRole('link', { name: 'Open Needs attention' })).not.toBeInTheDocument();
    expect(result()).not.toHaveTextContent('Dead in a row');
  });

  it('shows that the check is running and keeps the button name while it waits for the store', async () => {
    signInAs(1, { admin: true });
    serveForm(() => ({ status: 200, data: DEAD }));
    // Holds the check's answer until the test has seen the waiting state.
    let answer: () => void = () => undefined;
    const storeAnswered = new Promise<void>((resolve) => (answer = resolve));
    const fake = api.defaults.adapter as AxiosAdapter;
    api.defaults.adapter = (config) => (config.url === 'LinkHealth/CheckProduct' ? storeAnswered.then(() => fake(config)) : fake(config));
    renderScreen(<DealFormPage />, EDIT);
    await screen.findByDisplayValue('Wireless Mouse');
    await userEvent.click(checkButton());
    expect(checkButton()).toHaveAttribute('aria-busy', 'true');
    expect(checkButton()).toHaveClass('ant-btn-loading');
    expect(result()).toHaveTextContent('this can take up to 30 seconds');
    answer();
    await waitFor(() => expect(result()).toHaveTextContent('Link is dead'));
    expect(checkButton()).toHaveAttribute('aria-busy', 'false');
  });

  it('says the saved link is what gets checked once the Link field is edited', async () => {
    signInAs(1, { admin: true });
    serveForm(() => ({ status: 200, data: DEAD }));
    renderScreen(<DealFormPage />, EDIT);
    await screen.findByDisplayValue('Wireless Mouse');
    await userEvent.type(screen.getByLabelText('Link'), '-2');
    expect(screen.getByText(/Checks the saved link, not the one typed above/)).toBeInTheDocument();
  });

  it('shows a refused check as an error toast with the server message', async () => {
    signInAs(1, { admin: false });
    serveForm(() => ({ status: 403, data: { message: 'You can only check deals you added.' } }));
    renderScreen(<DealFormPage />, EDIT);
    await screen.findByDisplayValue('Wireless Mouse');
    await userEvent.click(checkButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You can only check deals you added.');
    expect(alert.closest('.ant-alert')).toHaveClass('ant-alert-error');
    expect(result()).toBeEmptyDOMElement();
  });

  it('is not offered on create, nor to staff who may not change the deal', async () => {
    signInAs(7, { admin: false });
    serveForm(() => ({ status: 200, data: DEAD }));
    const { unmount } = renderScreen(<DealFormPage />, CREATE);
    await screen.findByLabelText('Product Name');
    expect(screen.queryByRole('button', { name: 'Check link now' })).not.toBeInTheDocument();
    unmount();

    renderScreen(<DealFormPage />, EDIT);
    expect(await screen.findByDisplayValue('Wireless Mouse')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Check link now' })).not.toBeInTheDocument();
  });
});
