import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { siteAssets } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { insertStores } from '../../../test-support/fixtures.js';

const SITE_INFO_KEYS = [
  'appStoreLink', 'categories', 'city', 'companyIconPath', 'companyLogoPath', 'companyName', 'emailAddress',
  'facebook', 'featuredSections', 'footerItems', 'googleAnalyticsId', 'googleMap', 'googlePlayStoreLink',
  'instagram', 'linkedIn', 'menuItems', 'pages', 'phoneNumber', 'primaryWeekDayHours', 'primaryWeekEndHours',
  'secondaryWeekDayHours', 'secondaryWeekEndHours', 'state', 'streetAddress1', 'streetAddress2', 'stores',
  'tikTok', 'twitter', 'youtube', 'zipCode',
];

describe('GET /api/Home/GetCMSInfo', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('answers the full site-info shape on an empty database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Home/GetCMSInfo' });
    assert.equal(res.statusCode, 200);
    const info = res.json();
    assert.deepEqual(Object.keys(info).sort(), [...SITE_INFO_KEYS].sort());
    assert.equal(info.companyName, null);
    for (const list of ['menuItems', 'pages', 'stores', 'categories', 'featuredSections', 'footerItems']) {
      assert.deepEqual(info[list], [], list);
    }
  });

  it('maps the settings row and lists active stores by sort order, then name', async () => {
    await t.app.db.insert(siteAssets).values({
      companyName: 'DealDrop',
      emailAddress: 'hello@dealdrop.example',
      facebookLink: 'https://facebook.example/dealdrop',
      tiktokLink: 'https://tiktok.example/@dealdrop',
      googleMapLink: 'https://maps.example/?q=dealdrop',
      linkedInLink: 'https://linkedin.example/dealdrop',
    });
    await insertStores(t.app, [
      { name: 'Nike', sortOrder: 2 },
      { name: 'Closed Shop', sortOrder: 0, isActive: false },
      { name: 'Best Buy', sortOrder: 2, imageFilePath: 'logo.webp' },
      { name: 'Target', sortOrder: 1 },
    ]);

    const info = (await t.app.inject({ method: 'GET', url: '/api/Home/GetCMSInfo' })).json();
    assert.equal(info.companyName, 'DealDrop');
    assert.equal(info.emailAddress, 'hello@dealdrop.example');
    assert.equal(info.facebook, 'https://facebook.example/dealdrop');
    assert.equal(info.tikTok, 'https://tiktok.example/@dealdrop');
    assert.equal(info.googleMap, 'https://maps.example/?q=dealdrop');
    assert.equal(info.linkedIn, 'https://linkedin.example/dealdrop');
    assert.equal(info.instagram, null);
    assert.deepEqual(
      info.stores.map((s: { name: string }) => s.name),
      ['Target', 'Best Buy', 'Nike'],
    );
    assert.deepEqual(Object.keys(info.stores[1]).sort(), ['id', 'imageFilePath', 'name']);
    assert.equal(info.stores[1].imageFilePath, 'logo.webp');
  });
});
