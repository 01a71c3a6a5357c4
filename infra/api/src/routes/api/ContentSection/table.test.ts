/**
 * `GET ContentSection/GetAllContentSections` as the content-sections screen's server-side table
 * — without `page` the spec answer (content sections alone); with it, one page of content
 * sections and banners together, filtered and sorted, and their total. Also the CSV export.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CONTENT_SECTION_TYPE_LABELS } from '@deals/contract/section-rules';
import { SECTION_TABLE_SORT_KEYS, TABLE_MAX_PAGE_SIZE, TABLE_MESSAGES, type ContentSection, type SectionTableRow, type TablePage } from '@deals/contract';
import { csvLines, getJson, sortedLikeTable } from '../../../test-support/admin-table.js';
import { assertAdminOnly, insertBanner, insertContentSection } from '../../../test-support/cms-pages.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

const SECTIONS = [
  { name: 'Cs kilo', type: 'CONTENT_SECTION_DEFAULT', isActive: true },
  { name: 'Cs Alpha', type: 'CONTENT_SECTION_CARD', isActive: false },
  { name: 'Cs india', type: 'CONTENT_SECTION_CUSTOM', isActive: true },
  { name: 'Cs bravo', type: 'CONTENT_SECTION_DEFAULT', isActive: true },
  { name: 'Cs same', type: 'CONTENT_SECTION_TEXTONLY', isActive: false },
] as const;
const BANNERS = [
  { name: 'Bn juliet', isActive: true },
  { name: 'Bn Charlie', isActive: false },
  { name: 'Cs same', isActive: true },
];
const KIND_LABEL = { CONTENT_SECTION: 'Content Section', BANNER: 'Banner' } as const;

describe('GetAllContentSections as the content-sections table', () => {
  let t: TestApp;
  let people: TestStaff;
  let rows: SectionTableRow[];

  const url = (query: string) => `/api/ContentSection/GetAllContentSections?${query}`;
  const list = (query: string) => t.app.inject({ method: 'GET', url: url(query), headers: people.admin.headers });
  const page = (query: string) => getJson<TablePage<SectionTableRow>>(t.app, url(query), people.admin.headers);
  /** Kind and id, unique across both kinds. */
  const keys = (items: readonly SectionTableRow[]) => items.map((row) => `${row.kind}-${row.id}`);

  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
    rows = [];
    // Each row says whether it has unpublished changes, and its schedule.
    const editorial = { hasDraft: false, publishAt: null, unpublishAt: null };
    for (const section of SECTIONS) rows.push({ kind: 'CONTENT_SECTION', id: await insertContentSection(t.app, section), ...section, ...editorial });
    for (const banner of BANNERS) rows.push({ kind: 'BANNER', id: await insertBanner(t.app, banner, [{}, {}]), type: 'CONTENT_SECTION_DYNAMIC_BANNER', ...banner, ...editorial });
  });
  after(() => t.close());

  it('answers the spec call unchanged without page: the content sections alone, by name', async () => {
    const sections = await getJson<ContentSection[]>(t.app, url('isActive='), people.admin.headers);
    assert.deepEqual(sections.map((section) => section.name), ['Cs Alpha', 'Cs bravo', 'Cs india', 'Cs kilo', 'Cs same']);
    assert.ok('alignment' in sections[0]!, 'whole content sections');
  });

  it('pages both kinds, content sections first, each by name, with the total', async () => {
    const first = await page('page=1&pageSize=3');
    assert.deepEqual({ total: first.total, page: first.page, pageSize: first.pageSize }, { total: 8, page: 1, pageSize: 3 });
    const whole = [...first.items, ...(await page('page=2&pageSize=3')).items, ...(await page('page=3&pageSize=3')).items];
    assert.deepEqual(
      whole.map((row) => row.name),
      ['Cs Alpha', 'Cs bravo', 'Cs india', 'Cs kilo', 'Cs same', 'Bn Charlie', 'Bn juliet', 'Cs same'],
    );
    const byKey = new Map(rows.map((row) => [`${row.kind}-${row.id}`, row]));
    for (const row of whole) assert.deepEqual(row, byKey.get(`${row.kind}-${row.id}`));
  });

  it('sorts by every column both ways, the name then the id breaking ties', async () => {
    const value = (row: SectionTableRow, key: (typeof SECTION_TABLE_SORT_KEYS)[number]) =>
      key === 'kind' ? [KIND_LABEL[row.kind], row.name] : key === 'type' ? [CONTENT_SECTION_TYPE_LABELS[row.type], row.name] : row[key];
    for (const key of SECTION_TABLE_SORT_KEYS) {
      for (const order of ['asc', 'desc'] as const) {
        // The id breaking the last ties is the table's: a banner's is negated.
        const expected = sortedLikeTable(rows, (row) => value(row, key), order, (row) => (row.kind === 'BANNER' ? -row.id : row.id));
        const got = await page(`page=1&pageSize=${TABLE_MAX_PAGE_SIZE}&sortBy=${key}&order=${order}`);
        assert.deepEqual(keys(got.items), keys(expected), `${key} ${order}`);
      }
    }
  });

  it('filters by kind, name, type and active, with their totals', async () => {
    const names = async (query: string) => {
      const result = await page(`page=1&${query}`);
      assert.equal(result.total, result.items.length);
      return result.items.map((row) => row.name);
    };
    assert.deepEqual(await names('kind=BANNER'), ['Bn Charlie', 'Bn juliet', 'Cs same']);
    assert.deepEqual(await names('kind=CONTENT_SECTION&isActive=false'), ['Cs Alpha', 'Cs same']);
    assert.deepEqual(await names('name=SAME'), ['Cs same', 'Cs same']);
    assert.deepEqual(await names('name=%25'), [], 'a % typed matches itself');
    assert.deepEqual(await names('type=CONTENT_SECTION_DEFAULT'), ['Cs bravo', 'Cs kilo']);
    assert.deepEqual(await names('type=CONTENT_SECTION_DYNAMIC_BANNER&isActive=true'), ['Bn juliet', 'Cs same']);
    assert.deepEqual(await names('isActive=false'), ['Cs Alpha', 'Cs same', 'Bn Charlie']);
    for (const [query, message] of [
      ['page=1&kind=PAGE', 'kind must be one of CONTENT_SECTION, BANNER'],
      ['page=1&sortBy=id', TABLE_MESSAGES.sortBy(SECTION_TABLE_SORT_KEYS)],
      ['page=1&sortBy=listOrder', TABLE_MESSAGES.sortBy(SECTION_TABLE_SORT_KEYS)],
    ] as const) {
      const res = await list(query);
      assert.equal(res.statusCode, 400, query);
      assert.equal(res.json().message, message, query);
    }
  });

  it('streams the CSV of every matching row in the asked order, formulas defused', async () => {
    const exported = (query: string) => t.app.inject({ method: 'GET', url: `/api/ContentSection/ExportContentSectionsCsv?${query}`, headers: people.admin.headers });
    const res = await exported('sortBy=name&order=desc&name=a');
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="content-sections.csv"/);
    const [alpha, india, bravo, same, charlie, sameBanner] = [rows[1]!, rows[2]!, rows[3]!, rows[4]!, rows[6]!, rows[7]!];
    // Equal names: the table's id breaks the tie (a banner's negated, so it comes after descending).
    assert.deepEqual(csvLines(res.body), [
      'Kind,Id,Name,Type,Is Active?',
      `Content Section,${same.id},Cs same,Text Only,No`,
      `Banner,${sameBanner.id},Cs same,Dynamic Banner,Yes`,
      `Content Section,${india.id},Cs india,Custom,Yes`,
      `Content Section,${bravo.id},Cs bravo,Default,Yes`,
      `Content Section,${alpha.id},Cs Alpha,Card,No`,
      `Banner,${charlie.id},Bn Charlie,Dynamic Banner,No`,
    ]);
    const formula = await insertBanner(t.app, { name: '=HYPERLINK("x")' });
    assert.ok((await exported('kind=BANNER&name=HYPER')).body.includes(`Banner,${formula},"'=HYPERLINK(""x"")",Dynamic Banner,Yes`));
    await t.app.inject({ method: 'DELETE', url: `/api/Banner/DeleteBanner?id=${formula}`, headers: people.admin.headers });
  });

  it('is for admins only', async () => {
    await assertAdminOnly(
      t.app,
      people,
      [
        { method: 'GET', url: url('page=1') },
        { method: 'GET', url: '/api/ContentSection/ExportContentSectionsCsv' },
      ],
      async () => null,
    );
  });
});
