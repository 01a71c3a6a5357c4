import { toCsv, type CsvColumn } from './csv';

interface Row {
  name: string;
  count: number | null;
  active: boolean;
}

const columns: CsvColumn<Row>[] = [
  { title: 'Name', value: (row) => row.name },
  { title: 'Count', value: (row) => row.count },
  { title: 'Is Active?', value: (row) => (row.active ? 'Yes' : 'No') },
];

describe('toCsv', () => {
  it('writes a header and one line per row, quoting only where needed', () => {
    expect(toCsv(columns, [{ name: 'Plain', count: 3, active: true }, { name: 'Comma, "quoted"\nline', count: null, active: false }])).toBe(
      'Name,Count,Is Active?\r\nPlain,3,Yes\r\n"Comma, ""quoted""\nline",,No\r\n',
    );
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    const csv = toCsv(columns, [{ name: '=HYPERLINK("http://evil")', count: -1, active: true }, { name: '@SUM(A1)', count: 0, active: true }]);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")",-1,Yes`);
    expect(csv).toContain("'@SUM(A1),0,Yes");
  });
});
