// /account/invoice (spec §2): the user's invoices, newest first, each with its PDF.
import { useT } from '../../stores/i18n';
import { useUi } from '../../stores/ui';
import { AccountPage } from './account-page';
import { billingApi, formatDate, formatMoney, useLoaded } from './billing';
import { billingMessages } from './messages';

const STATUS_KEYS = {
  draft: 'invoiceDraft',
  open: 'invoiceOpen',
  paid: 'invoicePaid',
  uncollectible: 'invoiceUncollectible',
  void: 'invoiceVoid',
} as const;

export default function InvoiceScreen() {
  const t = useT(billingMessages);
  const locale = useUi((s) => s.locale);
  const invoices = useLoaded(billingApi.invoices);
  return (
    <AccountPage title={t('invoiceTitle')} pageTitle={t('invoicePageTitle')} data={invoices}>
      {(list) =>
        list.length === 0 ? (
          <p className="account-card">{t('noInvoices')}</p>
        ) : (
          <div className="account-card">
            <table className="billing-table">
              <thead>
                <tr>
                  <th scope="col">{t('number')}</th>
                  <th scope="col">{t('date')}</th>
                  <th scope="col">{t('amount')}</th>
                  <th scope="col">{t('status')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('download')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...list]
                  .sort((a, b) => b.created - a.created)
                  .map((invoice) => (
                    <tr key={invoice.id}>
                      <td data-label={t('number')}>{invoice.number ?? invoice.id}</td>
                      <td data-label={t('date')}>{formatDate(invoice.created, locale)}</td>
                      <td data-label={t('amount')}>
                        {formatMoney(invoice.total, invoice.currency, locale)}
                      </td>
                      <td data-label={t('status')}>
                        {invoice.status && invoice.status in STATUS_KEYS
                          ? t(STATUS_KEYS[invoice.status as keyof typeof STATUS_KEYS])
                          : (invoice.status ?? '')}
                      </td>
                      <td>
                        <a
                          className="button"
                          href={invoice.pdf}
                          download
                          aria-label={t('downloadInvoice', {
                            number: invoice.number ?? invoice.id,
                          })}
                        >
                          {t('download')}
                        </a>
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        )
      }
    </AccountPage>
  );
}
