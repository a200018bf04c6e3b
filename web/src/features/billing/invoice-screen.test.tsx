import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { json } from '../../testing/fetch';
import InvoiceScreen from './invoice-screen';
import { ann, showAt } from './test-data';

const invoice = (id: string, number: string, created: number, total: number, status: string) => ({
  id,
  number,
  created,
  total,
  amountPaid: status === 'paid' ? total : 0,
  currency: 'usd',
  status,
  pdf: `/api/account/invoice/${id}/pdf`,
});

beforeEach(() => {
  useSession.setState({ authenticated: true, user: ann, authDialog: null });
  useUi.setState({ locale: 'en', toasts: [] });
});

afterEach(() => vi.unstubAllGlobals());

describe('InvoiceScreen', () => {
  it('lists invoices newest first with number, date, amount, status and a download', async () => {
    showAt('/account/invoice', <InvoiceScreen />, () =>
      json(200, {
        data: [
          invoice('in_1', 'CS-0001', 1795694400, 990, 'paid'),
          invoice('in_2', 'CS-0002', 1798286400, 3412, 'open'),
        ],
      }),
    );
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'CS-0002December 26, 2026$34.12OpenDownload',
      'CS-0001November 26, 2026$9.90PaidDownload',
    ]);
    const link = within(rows[1]).getByRole('link', { name: 'Download invoice CS-0001' });
    expect(link).toHaveAttribute('href', '/api/account/invoice/in_1/pdf');
    expect(link).toHaveAttribute('download');
  });

  it('says when there are none', async () => {
    showAt('/account/invoice', <InvoiceScreen />, () => json(200, { data: [] }));
    expect(await screen.findByText('No invoices yet.')).toBeVisible();
  });

  it('says so when they cannot be loaded', async () => {
    showAt('/account/invoice', <InvoiceScreen />, () => json(500));
    expect(
      await screen.findByText('This could not be loaded. Please try again later.'),
    ).toBeVisible();
  });
});
