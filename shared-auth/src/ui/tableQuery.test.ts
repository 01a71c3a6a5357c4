import { containsText, flagIs, idIn, queryRows, withinDays, type TableQuery } from './tableQuery';

interface Row {
  id: number;
  name: string;
  storeId: number;
  typeIds: number[];
  active: boolean;
  added: string;
  price: number | null;
}

const ROWS: Row[] = [
  { id: 1, name: 'Gaming Mouse', storeId: 1, typeIds: [10], active: true, added: '2026-11-01T23:30:00', price: 20 },
  { id: 2, name: 'mouse pad', storeId: 2, typeIds: [10, 11], active: false, added: '2026-11-02T00:10:00', price: null },
  { id: 3, name: 'Keyboard', storeId: 2, typeIds: [11], active: true, added: '2026-11-05T12:00:00', price: 5 },
];

const QUERY: TableQuery<Row> = {
  filters: {
    name: containsText((row) => row.name),
    storeId: idIn((row) => row.storeId),
    typeIds: idIn((row) => row.typeIds),
    active: flagIs((row) => row.active),
    added: withinDays((row) => row.added),
  },
  sorters: { name: (row) => row.name, price: (row) => row.price },
};

const ids = (params: Record<string, unknown>, sort = {}) => queryRows(ROWS, params, sort, QUERY).map((row) => row.id);

describe('client-side table queries', () => {
  it('matches text anywhere ignoring case, ids in a multi-select, flags as true/false', () => {
    expect(ids({ name: ' MOUSE ' })).toEqual([1, 2]);
    expect(ids({ storeId: [2] })).toEqual([2, 3]);
    expect(ids({ storeId: '1' })).toEqual([1]);
    expect(ids({ typeIds: [11] })).toEqual([2, 3]);
    expect(ids({ active: 'false' })).toEqual([2]);
    expect(ids({ name: '', storeId: [], current: 2, pageSize: 100 })).toEqual([1, 2, 3]);
  });

  it('keeps rows on or between the two calendar days of a range, in local time', () => {
    expect(ids({ added: ['2026-11-01', '2026-11-01'] })).toEqual([1]);
    expect(ids({ added: ['2026-11-02', undefined] })).toEqual([2, 3]);
    expect(ids({ added: [undefined, '2026-11-02'] })).toEqual([1, 2]);
  });

  it('sorts by the chosen column either way, empty values as the smallest', () => {
    expect(ids({}, { name: 'ascend' })).toEqual([1, 3, 2]);
    expect(ids({}, { price: 'ascend' })).toEqual([2, 3, 1]);
    expect(ids({}, { price: 'descend' })).toEqual([1, 3, 2]);
    expect(ids({}, { price: null })).toEqual([1, 2, 3]);
  });
});
