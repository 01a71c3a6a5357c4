import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { siteAssets } from '../../../db/schema.js';
import { STORED_NAME } from '../../../plugins/app/images.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { FAKE_IMAGE, form, testImage } from '../../../test-support/forms.js';
import { storedFiles } from '../../../test-support/sections.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

const BASE = '/api/Asset';

const FULL = {
  companyName: 'Deals Inc.',
  emailAddress: 'hello@deals.example',
  phoneNumber: '(555) 123-4567',
  streetAddress1: '1 Main St',
  streetAddress2: 'Suite 2',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  primaryWeekDayHours: 'Mon–Fri 9–5',
  secondaryWeekDayHours: 'Sat 10–2',
  primaryWeekEndHours: 'Sun closed',
  secondaryWeekEndHours: 'Holidays closed',
  facebookLink: 'https://facebook.com/deals',
  instagramLink: 'https://instagram.com/deals',
  twitterLink: 'https://x.com/deals',
  linkedInLink: 'https://linkedin.com/company/deals',
  youtubeLink: 'https://youtube.com/@deals',
  tiktokLink: 'https://tiktok.com/@deals',
  googleMapLink: 'https://maps.google.com/?q=deals',
  appStoreLink: 'https://apps.apple.com/app/deals/id1',
  googlePlayStoreLink: 'https://play.google.com/store/apps/details?id=deals',
  googleAnalyticsId: 'G-ABC123XYZ9',
  seo: 'The best deals and promo codes.',
  facebookPixelCode: '123456789012345',
};

describe('Asset routes', () => {
  let t: TestApp;
  let users: TestStaff;

  const update = (fields: Record<string, string | undefined>, files: Record<string, Buffer> = {}, headers = users.admin.headers) =>
    t.app.inject({ method: 'PUT', url: `${BASE}/UpdateAsset`, headers, payload: form(fields, files) });

  async function read() {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/GetAsset`, headers: users.admin.headers });
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  }

  before(async () => {
    t = await createTestApp();
    users = await createTestStaff(t.app);
  });
  after(() => t.close());

  it('answers every field as null before the first save', async () => {
    const asset = await read();
    assert.deepEqual(Object.keys(asset).sort(), [...Object.keys(FULL), 'companyLogoPath', 'companyIconPath', 'hotDealThreshold'].sort());
    // The "Hot" threshold has its default; every other field is empty.
    const { hotDealThreshold, ...rest } = asset;
    assert.equal(hotDealThreshold, 10);
    assert.ok(Object.values(rest).every((value) => value === null));
  });

  it('answers 401 to anonymous callers, 403 to staff, on both routes, writing nothing', async () => {
    for (const [method, url] of [
      ['GET', `${BASE}/GetAsset`],
      ['PUT', `${BASE}/UpdateAsset`],
    ] as const) {
      const payload = method === 'PUT' ? { payload: form(FULL, { companyLogo: FAKE_IMAGE }) } : {};
      assert.equal((await t.app.inject({ method, url, ...payload })).statusCode, 401, `${method} anonymous`);
      const again = method === 'PUT' ? { payload: form(FULL) } : {};
      assert.equal((await t.app.inject({ method, url, headers: users.staff.headers, ...again })).statusCode, 403, `${method} staff`);
    }
    assert.equal((await t.app.db.select().from(siteAssets)).length, 0);
  });

  it('saves every field with logo and icon and reads them back, also through Home/GetCMSInfo', async () => {
    const res = await update(FULL, { companyLogo: await testImage('png', 20, '#0000ff'), companyIcon: await testImage('png', 16, '#ff0000') });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, 'Site settings updated successfully');
    const asset = await read();
    const { companyLogoPath, companyIconPath, hotDealThreshold, ...text } = asset;
    assert.deepEqual(text, FULL);
    assert.equal(hotDealThreshold, 10, 'kept when the form does not send it');
    assert.match(companyLogoPath, STORED_NAME);
    assert.match(companyIconPath, STORED_NAME);
    const disk = await storedFiles(t.app);
    assert.ok(disk.includes(companyLogoPath) && disk.includes(companyIconPath));
    const info = (await t.app.inject({ method: 'GET', url: '/api/Home/GetCMSInfo' })).json();
    assert.equal(info.companyName, 'Deals Inc.');
    assert.equal(info.companyLogoPath, companyLogoPath);
    assert.equal(info.googleAnalyticsId, 'G-ABC123XYZ9');
  });

  it('keeps the images when none is sent, clears absent optional fields, and stays a single row', async () => {
    const before = await read();
    const res = await update({ companyName: 'Deals Two', emailAddress: 'two@deals.example', city: '  Shelbyville  ' });
    assert.equal(res.statusCode, 200, res.body);
    const asset = await read();
    assert.equal(asset.companyName, 'Deals Two');
    assert.equal(asset.city, 'Shelbyville');
    assert.equal(asset.phoneNumber, null);
    assert.equal(asset.facebookLink, null);
    assert.equal(asset.companyLogoPath, before.companyLogoPath);
    assert.equal(asset.companyIconPath, before.companyIconPath);
    const rows = await t.app.db.select().from(siteAssets);
    assert.deepEqual(rows.map((row) => row.id), [1]);
  });

  it('replaces the logo and deletes the old file from disk', async () => {
    const before = await read();
    const res = await update({ ...FULL }, { companyLogo: await testImage('jpeg', 24, '#00aa00') });
    assert.equal(res.statusCode, 200, res.body);
    const asset = await read();
    assert.notEqual(asset.companyLogoPath, before.companyLogoPath);
    assert.equal(asset.companyIconPath, before.companyIconPath);
    const disk = await storedFiles(t.app);
    assert.ok(disk.includes(asset.companyLogoPath));
    assert.ok(!disk.includes(before.companyLogoPath), 'the old logo is deleted');
    assert.ok(disk.includes(before.companyIconPath));
  });

  it('refuses a fake image (415) and writes nothing, not even the other upload', async () => {
    const before = await read();
    const disk = await storedFiles(t.app);
    const res = await update({ ...FULL, companyName: 'Changed' }, { companyLogo: await testImage('png', 30, '#abcdef'), companyIcon: FAKE_IMAGE });
    assert.equal(res.statusCode, 415);
    assert.deepEqual(await read(), before);
    assert.deepEqual(await storedFiles(t.app), disk);
  });

  it('answers the spec messages and the masks, writing nothing', async () => {
    const before = await read();
    const disk = await storedFiles(t.app);
    const cases: [Record<string, string | undefined>, string, string][] = [
      [{ companyName: undefined }, 'companyName', 'Company Name is required'],
      [{ companyName: ' ' }, 'companyName', 'Company Name is required'],
      [{ companyName: 'c'.repeat(251) }, 'companyName', 'Company Name must be at most 250 characters'],
      [{ emailAddress: undefined }, 'emailAddress', 'Email is required'],
      [{ emailAddress: 'not an email' }, 'emailAddress', 'Please enter valid email'],
      [{ emailAddress: `${'e'.repeat(140)}@example.com` }, 'emailAddress', 'Email must be at most 150 characters'],
      [{ phoneNumber: '555-123-4567' }, 'phoneNumber', 'Please enter a valid phone number such as (999) 999-9999'],
      [{ phoneNumber: '(555) 123-4567 ext 12345' }, 'phoneNumber', 'Phone Number must be at most 20 characters'],
      [{ zipCode: '1234' }, 'zipCode', 'Please enter a valid 5-digit zip code'],
      [{ zipCode: '12345-6789' }, 'zipCode', 'Please enter a valid 5-digit zip code'],
      [{ streetAddress1: 's'.repeat(151) }, 'streetAddress1', 'Street Address 1 must be at most 150 characters'],
      [{ streetAddress2: 's'.repeat(151) }, 'streetAddress2', 'Street Address 2 must be at most 150 characters'],
      [{ city: 'c'.repeat(101) }, 'city', 'City must be at most 100 characters'],
      [{ state: 's'.repeat(21) }, 'state', 'State must be at most 20 characters'],
      [{ primaryWeekDayHours: 'h'.repeat(151) }, 'primaryWeekDayHours', 'Primary Weekday Hours must be at most 150 characters'],
      [{ secondaryWeekEndHours: 'h'.repeat(151) }, 'secondaryWeekEndHours', 'Secondary Weekend Hours must be at most 150 characters'],
      [{ facebookLink: 'javascript:alert(1)' }, 'facebookLink', 'Please enter a valid link starting with http:// or https://'],
      [{ tiktokLink: 'tiktok.com/@deals' }, 'tiktokLink', 'Please enter a valid link starting with http:// or https://'],
      [{ googleMapLink: `https://maps.example/${'m'.repeat(500)}` }, 'googleMapLink', 'Google Map Link must be at most 500 characters'],
      [{ googleAnalyticsId: "G-1');alert(1);//" }, 'googleAnalyticsId', 'Please enter a valid Google Analytics id such as G-XXXXXXXXXX'],
      [{ googleAnalyticsId: '<script>' }, 'googleAnalyticsId', 'Please enter a valid Google Analytics id such as G-XXXXXXXXXX'],
      [{ facebookPixelCode: "fbq('init')" }, 'facebookPixelCode', 'Please enter a valid Facebook Pixel id (digits only)'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await update({ ...FULL, ...overrides }, { companyLogo: await testImage('png', 9, '#999999') });
      assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
      assert.equal(res.json().errors[field], message, field);
    }
    assert.deepEqual(await read(), before);
    assert.deepEqual(await storedFiles(t.app), disk);
  });

  it('accepts the other analytics id shapes and JSON bodies', async () => {
    for (const id of ['UA-12345678-1', 'GT-ABCD1234', 'G-XYZ123']) {
      const res = await t.app.inject({ method: 'PUT', url: `${BASE}/UpdateAsset`, headers: users.admin.headers, payload: { ...FULL, googleAnalyticsId: id, seo: null } });
      assert.equal(res.statusCode, 200, res.body);
      const asset = await read();
      assert.equal(asset.googleAnalyticsId, id);
      assert.equal(asset.seo, null);
    }
  });
});
