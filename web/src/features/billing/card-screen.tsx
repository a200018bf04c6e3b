// /account/card (spec §2): the user's cards with their default; add one (the checkout
// dialog without a plan), change its expiry, make it the default, delete it. Each change
// reloads the page (spec §4). Deleting a card that pays a subscription, or the last card
// before a renewal, says what would happen before anything does (issue 26).
import { useEffect, useId, useState } from 'react';
import { useT } from '../../stores/i18n';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { AccountPage } from './account-page';
import { ActionDialog, useChange } from './action-dialog';
import {
  billingApi,
  brandName,
  expiry,
  formatDate,
  LIVE_STATUSES,
  useBilling,
  useLoaded,
  type Card,
  type Plan,
  type Subscription,
} from './billing';
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
  const user = useSession((s) => s.user);
  const [open, setOpen] = useState<Open | null>(null);
  const [busy, change] = useChange();
  const name = (card: Card) => t('cardName', { brand: brandName(card.brand), last4: card.last4 });

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
                        onClick={() =>
                          change(() => billingApi.makeDefault(card.id), t('defaultSet'))
                        }
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
              // The checkout sends the user's customer id: it waits for the user.
              disabled={billing.status !== 'ready' || !user}
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
              lastCard={list.length === 1}
              plans={billing.status === 'ready' ? billing.value.plans : []}
              name={name(open.card)}
              onClose={() => setOpen(null)}
            />
          )}
        </section>
      )}
    </AccountPage>
  );
}

function NumberSelect(props: {
  id: string;
  label: string;
  value: number;
  choices: number[];
  show(value: number): string;
  onChange(value: number): void;
}) {
  return (
    <div className="field-row">
      <label className="field-label" htmlFor={props.id}>
        {props.label}
      </label>
      <select
        id={props.id}
        className="select"
        value={props.value}
        onChange={(event) => props.onChange(Number(event.target.value))}
      >
        {props.choices.map((value) => (
          <option key={value} value={value}>
            {props.show(value)}
          </option>
        ))}
      </select>
    </div>
  );
}

function EditExpiryDialog(props: { card: Card; name: string; onClose(): void }) {
  const t = useT(billingMessages);
  const base = useId();
  const [month, setMonth] = useState(props.card.exp_month);
  const [year, setYear] = useState(props.card.exp_year);
  const years = YEARS.includes(props.card.exp_year) ? YEARS : [...YEARS, props.card.exp_year];
  return (
    <ActionDialog
      title={t('editTitle', { card: props.name })}
      onClose={props.onClose}
      action={t('saveExpiry')}
      run={() => billingApi.editCard(props.card.id, month, year)}
      done={t('expirySaved')}
      initialFocus="select"
    >
      <div className="inline-fields">
        <NumberSelect
          id={`${base}-month`}
          label={t('expMonth')}
          value={month}
          choices={MONTHS}
          show={(value) => String(value).padStart(2, '0')}
          onChange={setMonth}
        />
        <NumberSelect
          id={`${base}-year`}
          label={t('expYear')}
          value={year}
          choices={years}
          show={String}
          onChange={setYear}
        />
      </div>
    </ActionDialog>
  );
}

function DeleteCardDialog(props: {
  card: Card;
  name: string;
  lastCard: boolean;
  plans: Plan[];
  onClose(): void;
}) {
  const t = useT(billingMessages);
  const locale = useUi((s) => s.locale);
  // undefined while it loads: the delete waits for what it would do to the plan.
  const [sub, setSub] = useState<Subscription | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    billingApi.subscription().then(
      (answer) => live && setSub(answer),
      () => live && setSub(null),
    );
    return () => {
      live = false;
    };
  }, []);

  const paid = sub && LIVE_STATUSES.includes(sub.status) ? sub : null;
  const plan = paid ? (props.plans.find((p) => p.id === paid.plan)?.name ?? paid.plan) : '';
  const date = paid ? formatDate(paid.currentPeriodEnd, locale) : '';
  // The server refuses to delete the card a live subscription is paid with.
  const paying =
    paid !== null &&
    (paid.defaultCard ? paid.defaultCard.id === props.card.id : props.card.default);
  let warning = '';
  if (paid && paying) {
    warning = t(paid.cancelAtPeriodEnd ? 'cardPaysUntil' : 'cardPaysRenews', { plan, date });
  } else if (paid && props.lastCard && !paid.cancelAtPeriodEnd) {
    warning = t('lastCardRenewal', { plan, date });
  }

  // A refused delete that still happens (a subscription changed elsewhere): the server says why.
  return (
    <ActionDialog
      title={t('deleteTitle', { card: props.name })}
      onClose={props.onClose}
      action={t('deleteConfirm')}
      danger
      disabled={sub === undefined || paying}
      run={() => billingApi.deleteCard(props.card.id)}
      done={t('cardDeleted')}
    >
      <p>{t('deleteText')}</p>
      {warning && <p className="billing-alert">{warning}</p>}
    </ActionDialog>
  );
}
