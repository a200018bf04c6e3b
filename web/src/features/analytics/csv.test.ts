import { describe, expect, it } from 'vitest';
import { analyticsCsv, analyticsFileName } from './csv';

const empty = { referrers: [], sites: [], devices: [], languages: [], errors: [] };

describe('analyticsCsv', () => {
  it('writes the days, then each table with its header', () => {
    const csv = analyticsCsv({
      ...empty,
      days: [{ date: '2026-03-10', views: 3, visitors: 2, engaged: 1, submissions: 0, errors: 1 }],
      referrers: [{ name: 'search.example', count: 2 }],
      errors: [
        { message: 'Division by zero, line 3', count: 1, last_seen: '2026-03-10T12:00:00Z' },
      ],
    });
    expect(csv.startsWith('\uFEFFdate,views,visitors,engaged,submissions,errors\r\n')).toBe(true);
    expect(csv).toContain('2026-03-10,3,2,1,0,1\r\n');
    expect(csv).toContain('\r\nreferrer,count\r\nsearch.example,2\r\n');
    expect(csv).toContain('"Division by zero, line 3",1,2026-03-10T12:00:00Z\r\n');
    expect(csv.match(/\uFEFF/g)).toHaveLength(1);
  });

  it('neutralises text cells that a spreadsheet would run as a formula', () => {
    const csv = analyticsCsv({
      ...empty,
      days: [],
      referrers: [{ name: '=HYPERLINK("http://evil.example")', count: 1 }],
      errors: [
        { message: '+1 is not allowed', count: 1, last_seen: 'x' },
        { message: '-oops', count: 1, last_seen: 'x' },
        { message: '@SUM(A1)', count: 1, last_seen: 'x' },
        { message: '\tTabbed', count: 1, last_seen: 'x' },
        { message: '\rReturned', count: 1, last_seen: 'x' },
      ],
    });
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")",1`);
    expect(csv).toContain("'+1 is not allowed,1");
    expect(csv).toContain("'-oops,1");
    expect(csv).toContain("'@SUM(A1),1");
    expect(csv).toContain("'\tTabbed,1");
    expect(csv).toContain(`"'\rReturned",1`);
  });

  it('names the file after the calculator and the period', () => {
    expect(analyticsFileName('Loan: monthly', 30)).toBe('Loan monthly analytics 30 days.csv');
    expect(analyticsFileName('', 7)).toBe('calculator analytics 7 days.csv');
  });
});
