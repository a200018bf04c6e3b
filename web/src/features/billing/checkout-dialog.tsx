// The checkout dialog (spec §2): billing details prefilled from the account settings and
// the card field. With a plan it subscribes (→ /pricing_pass or /pricing_fail); without one
// it only adds the card (→ the page reloads, spec §4). Card errors are the provider's
// message under the card field; 3-D Secure goes through the card field's `authenticate`.
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { ApiError, messageOf } from '../../lib/api';
import { useT } from '../../stores/i18n';
import { loadPage } from '../../lib/navigation';
import { useSession } from '../../stores/session';
import { toast, useUi } from '../../stores/ui';
import { countryCode, useCountries } from '../../components/account/countries';
import { CountrySelect } from '../../components/account/country-select';
import { accountMessages } from '../../components/account/messages';
import {
  reloadWithToast,
  settingsOf,
  TEXT_FIELDS,
  type Settings,
} from '../../components/account/settings';
import {
  billingApi,
  formatMoney,
  type BillingInfo,
  type CheckoutAnswer,
  type Plan,
} from './billing';
import { CardInput } from './card-field';
import { CardError, type CardField } from './card-field-types';
import { billingMessages } from './messages';

export function CheckoutDialog(props: {
  billing: BillingInfo;
  plan: Plan | null;
  onClose(): void;
}) {
  const t = useT(billingMessages);
  const ta = useT(accountMessages);
  const locale = useUi((s) => s.locale);
  const user = useSession((s) => s.user);
  const countries = useCountries();
  const base = useId();
  const loaded = countries.status === 'ready' ? countries.countries : null;
  const start = useMemo(
    () => (user ? settingsOf(user, countryCode(user.country, loaded ?? [])) : settingsOf({}, '')),
    [user, loaded],
  );
  const [edits, setEdits] = useState<Partial<Settings>>({});
  const details: Settings = { ...start, ...edits };
  const field = useRef<CardField>(null);
  const [cardError, setCardError] = useState('');
  const [busy, setBusy] = useState(false);
  const { plan, billing } = props;

  const finish = (answer: CheckoutAnswer) => {
    if (answer.status !== 'succeeded') throw new ApiError('payment', t('notAuthenticated'), 402);
    // Spec §4: after a subscription or card change the page reloads.
    if (plan) loadPage('/pricing_pass');
    else reloadWithToast(t('cardAdded'));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!field.current || busy) return;
    setBusy(true);
    setCardError('');
    let authenticated = false;
    try {
      const method = await field.current.createPaymentMethod(details);
      let answer = await billingApi.checkout(user?.customerId ?? null, plan?.id ?? null, method);
      if (answer.status === 'requires_action') {
        await field.current.authenticate(answer.clientSecret);
        authenticated = true;
        answer = await billingApi.complete(answer.intentId);
      }
      finish(answer);
    } catch (error) {
      setBusy(false);
      if (error instanceof CardError) return setCardError(error.message);
      if (!(error instanceof ApiError) || error.code === 'cancelled') {
        if (!(error instanceof ApiError)) toast(messageOf(error));
        return;
      }
      // A refused card before any authentication: another card may do, so the dialog stays.
      if (error.code === 'payment' && (!authenticated || !plan)) return setCardError(error.message);
      if (
        plan &&
        (error.code === 'payment' || error.code === 'server' || error.code === 'network')
      ) {
        const reason = error.code === 'payment' ? error.message : messageOf(error);
        loadPage(`/pricing_fail?reason=${encodeURIComponent(reason)}`);
        return;
      }
      toast(messageOf(error));
    }
  };

  const title = plan ? t('checkoutTitle', { plan: plan.name }) : t('addCardTitle');
  const formId = `${base}-form`;
  return (
    <Dialog
      title={title}
      onClose={() => !busy && props.onClose()}
      className="checkout-dialog"
      keepOnOutsideClick
      initialFocus="input"
      actions={
        <>
          <button type="button" className="button" disabled={busy} onClick={props.onClose}>
            {t('cancel')}
          </button>
          <button type="submit" form={formId} className="button primary" disabled={busy}>
            {busy
              ? t('paying')
              : plan
                ? t('pay', { price: formatMoney(plan.price, plan.currency, locale) })
                : t('saveCard')}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} aria-busy={busy}>
        {billing.mode === 'sandbox' && <p className="sandbox-label">{t('sandbox')}</p>}
        <fieldset className="checkout-fieldset" disabled={busy}>
          <legend>{t('billingDetails')}</legend>
          <div className="account-grid">
            {TEXT_FIELDS.map(({ field: name, type, autoComplete }) => (
              <div key={name} className="field-row">
                <label className="field-label" htmlFor={`${base}-${name}`}>
                  {ta(name)}
                </label>
                <input
                  id={`${base}-${name}`}
                  className="field"
                  type={type}
                  autoComplete={`billing ${autoComplete}`}
                  required={name === 'name' || name === 'email'}
                  maxLength={name === 'email' ? 320 : 200}
                  value={details[name]}
                  onChange={(event) => setEdits((old) => ({ ...old, [name]: event.target.value }))}
                />
              </div>
            ))}
            <div className="field-row">
              <CountrySelect
                id={`${base}-country`}
                countries={countries}
                value={details.country}
                onChange={(code) => setEdits((old) => ({ ...old, country: code }))}
              />
            </div>
          </div>
        </fieldset>
        <fieldset className="checkout-fieldset" disabled={busy}>
          <legend>{t('card')}</legend>
          <CardInput
            ref={field}
            billing={billing}
            errorId={`${base}-card-error`}
            invalid={cardError !== ''}
            onError={setCardError}
          />
          {/* Always there (no jump when a message appears); read out when it changes. */}
          <p id={`${base}-card-error`} className="field-hint error card-error" role="alert">
            {cardError}
          </p>
        </fieldset>
      </form>
    </Dialog>
  );
}
