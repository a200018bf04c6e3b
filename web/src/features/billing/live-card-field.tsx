// The live card field: Stripe.js's Card Element. Loaded only in live mode (card-field.tsx
// imports this module lazily, and this one imports Stripe.js only when it mounts), so the
// card number is typed into Stripe's own frame and goes only to Stripe.
import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { OOPS } from '../../lib/api';
import { useT } from '../../stores/i18n';
import { useUi } from '../../stores/ui';
import { CardError, type CardFieldProps } from './card-field-types';
import { billingMessages } from './messages';

/** Stripe.js for a publishable key, loaded once per page. */
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let stripe = loaded.get(key);
  if (!stripe) {
    stripe = import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(key));
    loaded.set(key, stripe);
  }
  return stripe;
}

const cssVariable = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim();

export default function LiveCardField({ ref, billing, errorId, onError }: CardFieldProps) {
  const t = useT(billingMessages);
  const locale = useUi((s) => s.locale);
  const theme = useUi((s) => s.theme);
  const host = useRef<HTMLDivElement>(null);
  const stripe = useRef<Stripe | null>(null);
  const card = useRef<StripeCardElement | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    stripeFor(billing.publishableKey).then(
      (loadedStripe) => {
        if (!live || !loadedStripe || !host.current) return;
        stripe.current = loadedStripe;
        const element = loadedStripe.elements({ locale }).create('card', {
          hidePostalCode: true,
          style: {
            base: { color: cssVariable('--text'), fontSize: '16px' },
            invalid: { color: cssVariable('--danger') },
          },
        });
        element.on('change', (event) => onError(event.error?.message ?? ''));
        element.on('ready', () => live && setReady(true));
        element.mount(host.current);
        card.current = element;
      },
      () => live && onError(OOPS),
    );
    return () => {
      live = false;
      card.current?.destroy();
      card.current = null;
    };
  }, [billing.publishableKey, locale, theme, onError]);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod(details) {
        if (!stripe.current || !card.current) throw new CardError(OOPS);
        const { paymentMethod, error } = await stripe.current.createPaymentMethod({
          type: 'card',
          card: card.current,
          billing_details: {
            name: details.name || undefined,
            email: details.email || undefined,
            phone: details.phone || undefined,
            address: {
              line1: details.address || undefined,
              postal_code: details.zipcode || undefined,
              city: details.city || undefined,
              state: details.state || undefined,
              country: details.country || undefined,
            },
          },
        });
        if (error || !paymentMethod) throw new CardError(error?.message || OOPS);
        return paymentMethod.id;
      },
      async authenticate(clientSecret) {
        if (!stripe.current) throw new CardError(OOPS);
        // Stripe shows its own 3-D Secure frame; the server reads the outcome afterwards.
        await stripe.current.handleNextAction({ clientSecret });
      },
    }),
    [],
  );

  return (
    <div className="field-row">
      <span className="field-label">{t('card')}</span>
      <div
        ref={host}
        className="field card-element"
        aria-describedby={errorId}
        aria-busy={!ready}
      />
    </div>
  );
}
