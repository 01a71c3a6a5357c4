import { AxiosHeaders } from 'axios';
import { api, loadLatestRecord } from './http';
import { allowOverwrite, editConflictOf, forgetVersions, knownVersion, recordOfRequest } from './record-versions';
import { setSession } from './session';
import { serveFakeApi, unsignedToken } from './testing';
import { toFormData } from './form-data';

const ifMatchOf = (config: { headers: unknown }) => AxiosHeaders.from(config.headers as AxiosHeaders).get('If-Match') as string | undefined;

beforeEach(() => {
  forgetVersions();
  setSession({ id: 7, username: 'ann' }, unsignedToken({ unique_name: 'ann', IsAdmin: 'True' }), 'refresh-1');
});

describe('record versions in the API client', () => {
  it('finds the record of a call in its params, its URL or its body (JSON or form)', () => {
    expect(recordOfRequest({ method: 'get', url: 'Product/GetProductById', params: { productId: 4 } })).toEqual({ record: 'deal', id: 4 });
    expect(recordOfRequest({ method: 'delete', url: 'FooterItem/DeleteFooterItem?footerItemId=9' })).toEqual({ record: 'footerItem', id: 9 });
    expect(recordOfRequest({ method: 'put', url: 'Users/UpdateUser', data: JSON.stringify({ id: 3 }) })).toEqual({ record: 'user', id: 3 });
    expect(recordOfRequest({ method: 'put', url: 'Product/UpdateProduct', data: toFormData({ id: 12, name: 'x' }) })).toEqual({ record: 'deal', id: 12 });
    expect(recordOfRequest({ method: 'put', url: 'Asset/UpdateAsset', data: {} })).toEqual({ record: 'siteSettings', id: 1 });
    expect(recordOfRequest({ method: 'get', url: 'Product/GetAllProducts' })).toBeNull();
    expect(recordOfRequest({ method: 'put', url: 'Product/UpdateProduct', data: {} })).toBeNull();
  });

  it('sends the version a read answered with the save of that record only, then the version the save answered', async () => {
    const sent: Array<[string, string | undefined]> = [];
    serveFakeApi((config) => {
      sent.push([`${config.method} ${config.url}`, ifMatchOf(config)]);
      if (config.method === 'get') return { status: 200, data: { id: (config.params as { productId: number }).productId }, headers: { etag: `"deal.${(config.params as { productId: number }).productId}.3"` } };
      return { status: 200, data: { message: 'ok' }, headers: { etag: '"deal.5.4"' } };
    });
    await api.get('Product/GetProductById', { params: { productId: 5 } });
    await api.get('Product/GetProductById', { params: { productId: 6 } });
    expect(knownVersion({ record: 'deal', id: 5 })).toBe('"deal.5.3"');
    await api.put('Product/UpdateProduct', toFormData({ id: 5, name: 'x' }));
    await api.put('Product/UpdateProduct', toFormData({ id: 5, name: 'y' }));
    await api.put('Product/UpdateProduct', toFormData({ id: 7, name: 'never read' }));
    await api.post('Product/BulkUpdateProducts', { action: 'activate', productIds: [5] });
    expect(sent.slice(2)).toEqual([
      ['put Product/UpdateProduct', '"deal.5.3"'],
      ['put Product/UpdateProduct', '"deal.5.4"'],
      ['put Product/UpdateProduct', undefined],
      ['post Product/BulkUpdateProducts', undefined],
    ]);
  });

  it('reads a refused save as a conflict with who and when, and the latest read refreshes the version', async () => {
    let version = 1;
    serveFakeApi((config) => {
      if (config.method === 'get') return { status: 200, data: { id: 2, label: `v${version}` }, headers: { etag: `"footerItem.2.${version}"` } };
      if (ifMatchOf(config) !== `"footerItem.2.${version}"` && ifMatchOf(config) !== '*') return { status: 409, data: { message: 'changed', changedBy: 'Bob', changedAt: '2026-11-27T10:00:00.000Z' } };
      version += 1;
      return { status: 200, data: { message: 'ok' }, headers: { etag: `"footerItem.2.${version}"` } };
    });
    await api.get('FooterItem/GetFooterItemById', { params: { footerItemId: 2 } });
    version = 2; // someone else saved
    const failure = await api.put('FooterItem/UpdateFooterItem', { id: 2, label: 'mine', to: '/x' }).catch((error: unknown) => error);
    expect(editConflictOf(failure)).toEqual({ record: 'footerItem', id: 2, changedBy: 'Bob', changedAt: '2026-11-27T10:00:00.000Z' });
    expect(await loadLatestRecord({ record: 'footerItem', id: 2 })).toEqual({ id: 2, label: 'v2' });
    await expect(api.put('FooterItem/UpdateFooterItem', { id: 2, label: 'mine', to: '/x' })).resolves.toMatchObject({ status: 200 });
  });

  it('lets one write through on purpose when the record has no read of its own', async () => {
    const sent: Array<string | undefined> = [];
    serveFakeApi((config) => {
      sent.push(ifMatchOf(config));
      return { status: 200, data: { message: 'ok' } };
    });
    allowOverwrite({ record: 'bannerItem', id: 8 });
    await api.delete('BannerItem/DeleteBannerItem', { params: { id: 8 } });
    await api.delete('BannerItem/DeleteBannerItem', { params: { id: 8 } });
    expect(sent).toEqual(['*', undefined]);
    expect(await loadLatestRecord({ record: 'bannerItem', id: 8 })).toBeNull();
  });

  it('ignores answers that are not edit conflicts', async () => {
    serveFakeApi(() => ({ status: 409, data: { message: 'A store with deals cannot be deleted' } }));
    const failure = await api.delete('Category/DeleteCategory', { params: { categoryId: 1 } }).catch((error: unknown) => error);
    expect(editConflictOf(failure)).toBeNull();
  });
});
