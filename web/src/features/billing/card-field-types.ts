// The card field's interface, shared by its two implementations (card-field.tsx's sandbox
// form and live-card-field.tsx's Stripe.js element) and the checkout dialog.
import type { Ref } from 'react';
import type { Settings } from '../../components/account/settings';
import type { BillingInfo } from './billing';

/** Who pays, as the payment method carries it: the account's settings as the form has them. */
export type BillingDetails = Settings;

/** A card the provider refused; `message` is the provider's, shown under the card field. */
export class CardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardError';
  }
}

export interface CardField {
  /** Turns what was typed into a payment method id (CardError when the provider refuses). */
  createPaymentMethod(details: BillingDetails): Promise<string>;
  /** Runs 3-D Secure for an intent in `requires_action`; the server then reads the outcome. */
  authenticate(clientSecret: string): Promise<void>;
}

export interface CardFieldProps {
  ref: Ref<CardField>;
  billing: BillingInfo;
  /** The id of the text under the field (the card error), for aria-describedby. */
  errorId: string;
  invalid: boolean;
  /** The provider's message about what is typed now ('' when fine); a stable function. */
  onError(message: string): void;
}
