// The card field of the checkout dialog behind one small interface with two
// implementations: live (Stripe.js's Card Element, live-card-field.tsx, loaded only in live
// mode) and the sandbox's (our own number/expiry/CVC form posting to the Stripe sandbox
// with the publishable key, as Stripe.js would). Card data never reaches our server.
import { createPortal } from 'react-dom';
import { lazy, Suspense, useId, useImperativeHandle, useRef, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { OOPS } from '../../lib/api';
import { useT } from '../../stores/i18n';
import { CardError, type CardFieldProps } from './card-field-types';
import { billingMessages } from './messages';

const LiveCardField = lazy(() => import('./live-card-field'));

/** The card field of the billing mode. */
export function CardInput(props: CardFieldProps) {
  const t = useT(billingMessages);
  if (props.billing.mode === 'live') {
    return (
      <Suspense fallback={<p className="card-element muted">{t('cardLoading')}</p>}>
        <LiveCardField {...props} />
      </Suspense>
    );
  }
  return <SandboxCardField {...props} />;
}

/** Stripe's form encoding (`card[number]=…`). */
function formBody(fields: Record<string, string>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== '') body.append(key, value);
  return body;
}

/** Posts to the sandbox as a browser does; the answer, or a CardError with Stripe's message. */
async function postSandbox(url: string, fields: Record<string, string>): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', body: formBody(fields) });
  } catch {
    throw new CardError(OOPS);
  }
  const answer = (await response.json().catch(() => ({}))) as {
    error?: { message?: string };
  };
  if (!response.ok) throw new CardError(answer.error?.message || OOPS);
  return answer;
}

/** `MM/YY`, `MM / YYYY` or `MMYY` → month and year as typed (the sandbox judges them). */
export function splitExpiry(text: string): { month: string; year: string } {
  const digits = text.replace(/[^\d/]/g, '');
  const [month = '', year = ''] = digits.includes('/')
    ? digits.split('/')
    : [digits.slice(0, 2), digits.slice(2)];
  return { month, year: year.length === 2 ? `20${year}` : year };
}

function SandboxCardField({ ref, billing, errorId, invalid }: CardFieldProps) {
  const t = useT(billingMessages);
  const base = useId();
  const [number, setNumber] = useState('');
  const [exp, setExp] = useState('');
  const [cvc, setCvc] = useState('');
  const [asking, setAsking] = useState<string | null>(null);
  const answer = useRef<((outcome: 'complete' | 'fail') => void) | null>(null);
  const root = billing.sandboxUrl ?? '/stripe-sandbox';
  const key = billing.publishableKey;

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod(details) {
        const { month, year } = splitExpiry(exp);
        const method = (await postSandbox(`${root}/v1/payment_methods`, {
          key,
          type: 'card',
          'card[number]': number.replace(/\s+/g, ''),
          'card[exp_month]': month,
          'card[exp_year]': year,
          'card[cvc]': cvc,
          'billing_details[name]': details.name,
          'billing_details[email]': details.email,
          'billing_details[phone]': details.phone,
          'billing_details[address][line1]': details.address,
          'billing_details[address][postal_code]': details.zipcode,
          'billing_details[address][city]': details.city,
          'billing_details[address][state]': details.state,
          'billing_details[address][country]': details.country,
        })) as { id: string };
        return method.id;
      },
      async authenticate(clientSecret) {
        // What Stripe's 3-D Secure page does: the card holder completes or fails the check.
        const outcome = await new Promise<'complete' | 'fail'>((resolve) => {
          answer.current = resolve;
          setAsking(clientSecret);
        });
        answer.current = null;
        setAsking(null);
        await postSandbox(`${root}/sandbox/authenticate`, {
          key,
          client_secret: clientSecret,
          outcome,
        });
      },
    }),
    [root, key, number, exp, cvc],
  );

  const inputs = [
    {
      name: 'number',
      label: t('cardNumber'),
      autoComplete: 'cc-number',
      maxLength: 23,
      placeholder: '4242 4242 4242 4242',
      value: number,
      set: setNumber,
    },
    {
      name: 'exp',
      label: t('cardExpiry'),
      autoComplete: 'cc-exp',
      maxLength: 7,
      placeholder: '12/34',
      value: exp,
      set: setExp,
    },
    {
      name: 'cvc',
      label: t('cardCvc'),
      autoComplete: 'cc-csc',
      maxLength: 4,
      placeholder: '123',
      value: cvc,
      set: setCvc,
    },
  ];
  return (
    <div className="sandbox-card">
      {inputs.map((input) => (
        <div key={input.name} className={`field-row card-${input.name}`}>
          <label className="field-label" htmlFor={`${base}-${input.name}`}>
            {input.label}
          </label>
          <input
            id={`${base}-${input.name}`}
            className="field"
            inputMode="numeric"
            autoComplete={input.autoComplete}
            maxLength={input.maxLength}
            placeholder={input.placeholder}
            required
            value={input.value}
            onChange={(event) => input.set(event.target.value)}
            aria-describedby={errorId}
            aria-invalid={invalid || undefined}
          />
        </div>
      ))}
      {/* In the page's body: the card fieldset is disabled while the payment runs. */}
      {asking !== null &&
        createPortal(
          <Dialog
            title={t('authTitle')}
            onClose={() => answer.current?.('fail')}
            initialFocus=".button.primary"
            dismiss={t('authFail')}
            actions={
              <button
                type="button"
                className="button primary"
                onClick={() => answer.current?.('complete')}
              >
                {t('authComplete')}
              </button>
            }
          >
            <p>{t('authText')}</p>
            <p className="sandbox-label">{t('sandbox')}</p>
          </Dialog>,
          document.body,
        )}
    </div>
  );
}
