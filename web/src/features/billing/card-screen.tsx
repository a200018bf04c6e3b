// /account/card (spec §2): the user's cards with their default; add one (the checkout
// dialog without a plan), change its expiry, make it the default, delete it. Each change
// reloads the page (spec §4).
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { messageOf } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { toast } from '../../stores/ui';
import { reloadWithToast } from '../account/settings';
import { AccountPage } from './account-page';
import { billingApi, brandName, expiry, useBilling, useLoaded, type Card } from './billing';
import { CheckoutDialog } from './checkout-dialog';
import { billingMessages } from './messages';

/** Expiry choices (spec §9). */
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const YEARS = Array.from({ length: 21 }, (_, i) => 2020 + i);

type Open = { kind: 'add' } | { kind: 'edit'; card: Card } | { kind: 'delete'; card: Card };

export default function CardScreen() {
  const t = useT(billingMessages);
  const cards = useLoaded(billingApi.cards);
  const billing = useBilling();
  const [open, setOpen] = useState<Open | null>(null);
  const [busy, setBusy] = useState(false);
  const name = (card: Card) => t('cardName', { brand: brandName(card.brand), last4: card.last4 });

  const makeDefault = async (card: Card) => {
    setBusy(true);
    try {
      await billingApi.makeDefault(card.id);
      reloadWithToast(t('defaultSet'));
    } catch (error) {
      toast(messageOf(error));
      setBusy(false);
    }
  };

  return (
    <AccountPage title={t('cardTitle')} pageTitle={t('cardPageTitle')} data={cards}>
      {(list) => (
        <section className="account-card" aria-label={t('cardTitle')}>
          {list.length === 0 ? (
            <p>{t('noCards')}</p>
          ) : (
            <ul className="card-list">
              {list.map((card) => (
                <li key={card.id} className="card-item">
                  <span className="card-name">{name(card)}</span>
                  <span className="muted">
                    {t('expires')} {expiry(card)}
                  </span>
                  {card.default && <span className="badge">{t('defaultBadge')}</span>}
                  <span className="card-actions">
                    <button
                      type="button"
                      className="button"
                      aria-label={`${t('edit')}: ${name(card)}`}
                      onClick={() => setOpen({ kind: 'edit', card })}
                    >
                      {t('edit')}
                    </button>
                    {!card.default && (
                      <button
                        type="button"
                        className="button"
                        disabled={busy}
                        aria-label={`${t('makeDefault')}: ${name(card)}`}
                        onClick={() => void makeDefault(card)}
                      >
                        {t('makeDefault')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="button"
                      aria-label={`${t('delete')}: ${name(card)}`}
                      onClick={() => setOpen({ kind: 'delete', card })}
                    >
                      {t('delete')}
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          <div className="form-footer">
            <button
              type="button"
              className="button primary"
              disabled={billing.status !== 'ready'}
              onClick={() => setOpen({ kind: 'add' })}
            >
              {t('addCard')}
            </button>
          </div>
          {open?.kind === 'add' && billing.status === 'ready' && (
            <CheckoutDialog billing={billing.value} plan={null} onClose={() => setOpen(null)} />
          )}
          {open?.kind === 'edit' && (
            <EditExpiryDialog
              card={open.card}
              name={name(open.card)}
              onClose={() => setOpen(null)}
            />
          )}
          {open?.kind === 'delete' && (
            <DeleteCardDialog
              card={open.card}
              name={name(open.card)}
              onClose={() => setOpen(null)}
            />
          )}
        </section>
      )}
    </AccountPage>
  );
}

function EditExpiryDialog(props: { card: Card; name: string; onClose(): void }) {
  const t = useT(billingMessages);
  const base = useId();
  const [month, setMonth] = useState(props.card.exp_month);
  const [year, setYear] = useState(props.card.exp_year);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const years = YEARS.includes(props.card.exp_year) ? YEARS : [...YEARS, props.card.exp_year];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await billingApi.editCard(props.card.id, month, year);
      reloadWithToast(t('expirySaved'));
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('editTitle', { card: props.name })}
      onClose={props.onClose}
      initialFocus="select"
      actions={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            {t('cancel')}
          </button>
          <button type="submit" form={`${base}-form`} className="button primary" disabled={busy}>
            {t('saveExpiry')}
          </button>
        </>
      }
    >
      <form id={`${base}-form`} className="inline-fields" onSubmit={submit}>
        <div className="field-row">
          <label className="field-label" htmlFor={`${base}-month`}>
            {t('expMonth')}
          </label>
          <select
            id={`${base}-month`}
            className="select"
            value={month}
            onChange={(event) => setMonth(Number(event.target.value))}
          >
            {MONTHS.map((value) => (
              <option key={value} value={value}>
                {String(value).padStart(2, '0')}
              </option>
            ))}
          </select>
        </div>
        <div className="field-row">
          <label className="field-label" htmlFor={`${base}-year`}>
            {t('expYear')}
          </label>
          <select
            id={`${base}-year`}
            className="select"
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
          >
            {years.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
      </form>
      <p className="form-error" role="alert">
        {error}
      </p>
    </Dialog>
  );
}

function DeleteCardDialog(props: { card: Card; name: string; onClose(): void }) {
  const t = useT(billingMessages);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const remove = async () => {
    setBusy(true);
    setError('');
    try {
      await billingApi.deleteCard(props.card.id);
      reloadWithToast(t('cardDeleted'));
    } catch (failure) {
      // Refused (the default card of a live subscription): the server says why.
      setError(messageOf(failure));
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('deleteTitle', { card: props.name })}
      onClose={props.onClose}
      initialFocus=".button"
      actions={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            {t('cancel')}
          </button>
          <button
            type="button"
            className="button danger-fill"
            disabled={busy}
            onClick={() => void remove()}
          >
            {t('deleteConfirm')}
          </button>
        </>
      }
    >
      <p>{t('deleteText')}</p>
      <p className="form-error" role="alert">
        {error}
      </p>
    </Dialog>
  );
}
