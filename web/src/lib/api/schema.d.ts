// Generated from the server's OpenAPI document (`calcsmith openapi`, served at
// /api/openapi.json) by openapi-typescript: run `npm run api-types` in web/ after changing
// the server's wire types. Do not edit: `scripts/test` fails when this differs from what the
// document gives (web/scripts/api-types.mjs).

export interface paths {
  '/api/acc/save': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Changes settings; a new email must be free, a new password needs the old one. */
    post: operations['save_settings'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/account': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** The signed-in user with their calculators. */
    put: operations['account'];
    post?: never;
    /**
     * Deletes the user, their sessions and calculators; needs the current password; a
     *     subscription ends at once.
     */
    delete: operations['delete_account'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/account/card': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The user's cards, the default marked. */
    get: operations['cards'];
    put?: never;
    /** Changes a card's expiry. */
    post: operations['edit_card'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/account/card/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Makes a card the default (also of the subscription). */
    post: operations['make_default'];
    /** Deletes a card; not the one paying for a live subscription. */
    delete: operations['delete_card'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/account/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * "Download my data": the profile, every calculator with its versions, and the
     *     submissions the plan lets the owner read, as one JSON file (`services::export`).
     */
    get: operations['export_account'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/account/invoice': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The user's invoices, newest first. */
    get: operations['invoices'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/account/invoice/{id}/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Redirects to the invoice's PDF. */
    get: operations['invoice_pdf'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/account/sub': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** The user's subscription (null before the first); the plan is re-read from Stripe. */
    put: operations['subscription'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/account/sub/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Cancels at the end of the period (the plan stays until `currentPeriodEnd`). */
    delete: operations['cancel'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/account/sub/{id}/plan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Switches to another plan with proration, invoiced and charged now. */
    post: operations['switch_plan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/account/sub/{id}/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** What switching to another plan costs now (Stripe's proration), without switching. */
    post: operations['preview'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/account/sub/{id}/resume': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Undoes a cancellation before the period ends. */
    post: operations['resume'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/billing': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * How plans are sold: the mode (sandbox or live), the keys for the browser, the plans
     *     with their limits (from `services/plans.rs`).
     */
    get: operations['plans'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/edit/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Toggles a calculator's privacy (`calcId` in the query, JSON or a form). */
    post: operations['toggle_privacy'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/user/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** A page of the user's calculators, newest first. */
    put: operations['my_calculators'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A published calculator (private ones look missing to all but their owner). While
     *     `doc.holdWhileTestsFail` holds it, this is the last version whose tests passed. With
     *     `doc.privateScript: true` the doc comes without `script`, `tests` and `libraries`, to
     *     everyone: it calculates through `POST /api/calc/{id}/eval`. The doc keeps its
     *     `embedDomains` (the sites allowed to embed it), which the embed's origin checks read.
     * @description A public calculator's answer comes from the cache of the last moment when it is there
     *     (`services::published_cache`): the same bytes as a read from the database.
     */
    get: operations['read_published'];
    put?: never;
    post?: never;
    /** Deletes the owner's calculator. */
    delete: operations['delete_published'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/{id}/analytics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The owner's analytics of a calculator over the last `days` days (30 when absent), as
     *     far back as the plan keeps: free 30 days, Regular a year, Premium all.
     */
    get: operations['read_analytics'];
    /** Turns counting on or off for the owner's calculator (what was counted stays). */
    put: operations['set_analytics'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/{id}/eval': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Runs a calculator the caller may see with the given values (rate-limited): the
     *     published version's stored doc, so also one whose script is private.
     */
    post: operations['evaluate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/{id}/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Counts a visitor's event. The answer is the same whether it is counted or not: not
     *     with Do Not Track or Global Privacy Control, from a robot or an HTTP library, from the
     *     calculator's owner, or when the owner turned analytics off.
     */
    post: operations['record_event'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/{id}/submissions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A page of the calculator's submissions, newest first; those on it are marked read.
     *     Submissions past the plan's monthly limit are kept but held back (`heldBack`).
     */
    get: operations['list'];
    put?: never;
    post?: never;
    /** Deletes every submission of the calculator, held-back ones too. */
    delete: operations['delete_all'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/{id}/submissions.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The calculator's submissions (as the list filters them) as a CSV file. */
    get: operations['csv'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/{id}/submissions/{sid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes one submission. */
    delete: operations['delete_one'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/{id}/submit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sends a submission: the server computes the published version with `values` and stores
     *     it with the contact fields. Outputs are never taken from the browser.
     */
    post: operations['submit'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/{id}/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The calculator's endpoints, with the account's endpoints used and allowed. */
    get: operations['list_webhooks'];
    put?: never;
    /**
     * Adds an endpoint. Its address must be https and resolve only to public addresses
     *     (checked again before every delivery). The secret is shown here and on rotation only.
     */
    post: operations['add_webhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/{id}/webhooks/{wid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes an endpoint with its delivery log. */
    delete: operations['delete_webhook'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/{id}/webhooks/{wid}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The endpoint's deliveries, newest first, 20 a page, each with its attempts. */
    get: operations['list_deliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/{id}/webhooks/{wid}/deliveries/{did}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Queues a delivery again: a new delivery with the same body (the same event id). */
    post: operations['redeliver_webhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/{id}/webhooks/{wid}/enable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Turns an endpoint the server turned off (it failed for the whole failure window) back
     *     on.
     */
    post: operations['enable_webhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/{id}/webhooks/{wid}/secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Gives the endpoint a new secret (shown only here); the old one signs nothing more. */
    post: operations['rotate_webhook_secret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calc/{id}/webhooks/{wid}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Queues a `test` event to the endpoint. */
    post: operations['send_test_event'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/captcha': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A proof-of-work challenge for sign-up. */
    get: operations['new_captcha'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/checkout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Buys a plan with a card, or (no `plan`) adds the card. */
    post: operations['checkout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/checkout/complete': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** After 3-D Secure: the payment or card setup as Stripe has it now. */
    post: operations['complete'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/forgot': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mails a password-reset link (the same answer for unknown emails). */
    post: operations['forgot'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/forgot/check': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Whether a reset link's token can still be used (spends nothing). */
    post: operations['check_reset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/forgot/reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sets a new password with a reset link's token. */
    post: operations['reset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Signs in (a fresh session cookie). */
    post: operations['sign_in'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Ends the session and goes home — unless another site sent the browser here, which
     *     then only goes home (a link elsewhere must not sign anyone out).
     */
    get: operations['sign_out'];
    put?: never;
    /** The same for forms, documented apart: cross-site requests are refused. */
    post: operations['sign_out_form'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/signup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Creates an account and signs it in (sets the session cookie). */
    post: operations['sign_up'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/source/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The owner's source of a calculator. */
    get: operations['read_source'];
    put?: never;
    /**
     * Saves a calculator (the first save creates it, within the plan's limit) and runs it
     *     with its defaults.
     */
    post: operations['save_source'];
    /** Deletes the owner's calculator. */
    delete: operations['delete_source'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/source/{id}/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A page of the owner's versions of a calculator, newest first (20 a page). */
    get: operations['list_versions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/source/{id}/versions/{number}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One kept version of the owner's calculator. */
    get: operations['read_version'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/stripe/webhook': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Stripe's events, signed (`Stripe-Signature`); each event id is processed once. The
     *     signature is checked over the body exactly as it came.
     */
    post: operations['webhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  submission: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A stored submission (`submission.created`) or a test event
     * @description POSTed to each enabled endpoint of the calculator within seconds, with a 10 s time-out. Any 2xx answer takes it; anything else (a redirect included: redirects are never followed) is retried about 5 s later, doubling, for 3 days; an endpoint failing that long is turned off and its author told by mail. An event may arrive more than once: use its `id`.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed by the endpoint's secret (`whsec_…`). Recompute it over the body as received, compare in constant time, and refuse an old `t`. */
          'Calcsmith-Signature': string;
          /** @description The delivery's id (a redelivery has a new one; the body's `id`, the event's, stays). */
          'Calcsmith-Delivery': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['WebhookPayload'];
        };
      };
      responses: {
        /** @description Received (any 2xx status) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    /** @description The signed-in user (`PUT /api/account`, and the answer to sign-up and sign-in). */
    Account: {
      address: string;
      calcs: components['schemas']['AccountCalc'][];
      city: string;
      country: string;
      customerId?: string | null;
      email: string;
      name: string;
      phone: string;
      /** @description `free`, `regular` or `premium`. */
      plan: string;
      state: string;
      zipcode: string;
    };
    /** @description One of the user's calculators as the account lists it. */
    AccountCalc: {
      _id: string;
      /** @description The calculator doc (spec §3). */
      doc: unknown;
      doc_style: unknown;
      private: boolean;
    };
    /** @description The whole file. */
    AccountExport: {
      account: components['schemas']['ExportedAccount'];
      /** @description Newest first. */
      calculators: components['schemas']['ExportedCalculator'][];
      /**
       * Format: int64
       * @description Unix seconds.
       */
      exportedAt: number;
      /**
       * Format: int32
       * @description 1 for this shape.
       */
      format: number;
    };
    /** @description A calculator's analytics over the last `range_days` days, today included. */
    AnalyticsReport: {
      /** @description Each day of the range, oldest first, with zeros where nothing was counted. */
      days: components['schemas']['DayRow'][];
      /** @description `phone`, `tablet` and `desktop` views. */
      devices: components['schemas']['NameCount'][];
      /** @description Whether visits are counted now (the author can turn it off). */
      enabled: boolean;
      /** @description The errors visitors were shown, most frequent first. */
      errors: components['schemas']['ErrorRow'][];
      /**
       * Format: int64
       * @description How many days of history the owner's plan keeps; null: all.
       */
      history_days?: number | null;
      /** @description The visitors' first languages (`en`, `ru`, … or `unknown`). */
      languages: components['schemas']['NameCount'][];
      /**
       * Format: int64
       * @description How many days the range covers (the request's, or fewer when the plan keeps fewer).
       */
      range_days: number;
      /** @description Hosts of the pages visitors came from, most first. */
      referrers: components['schemas']['NameCount'][];
      /** @description Hosts of the pages that embed it, most first. */
      sites: components['schemas']['NameCount'][];
    };
    /** @description Turns a calculator's analytics on or off. */
    AnalyticsSetting: {
      /** @description Whether visits are counted. */
      enabled: boolean;
    };
    /** @description One attempt of a delivery. */
    AttemptView: {
      /**
       * Format: int64
       * @description Unix milliseconds when it started.
       */
      at: number;
      /** Format: int64 */
      duration_ms: number;
      /**
       * @description Why it failed without an answer, or why the answer counts as a failure (a
       *     redirect is never followed).
       */
      error?: string | null;
      /** @description The start of the answer's body (at most 500 characters). */
      response_excerpt?: string | null;
      /**
       * Format: int32
       * @description The HTTP status the endpoint answered; null: no answer.
       */
      status?: number | null;
    };
    /** @description `GET /api/billing`: how plans are sold here. */
    BillingInfo: {
      free: components['schemas']['FreePlan'];
      /** @description `sandbox` (no real charges) or `live`. */
      mode: string;
      plans: components['schemas']['PlanOnSale'][];
      /** @description Stripe's publishable key (the sandbox's in sandbox mode). */
      publishableKey: string;
      /** @description `/stripe-sandbox` in sandbox mode; null live. */
      sandboxUrl?: string | null;
      /** @description Where `/pricing_fail` sends people. */
      supportUrl: string;
    };
    /**
     * @description A proof-of-work challenge for the ALTCHA widget (ALTCHA's v2 challenge format), read
     *     from the `altcha` crate's own type so that the answer has a schema of ours.
     */
    Captcha: {
      /** @description algorithm, cost, nonce, salt, keyLength, keyPrefix, expiresAt, …. */
      parameters: Record<string, unknown>;
      signature?: string | null;
    };
    /** @description A saved card as the API shows it. */
    Card: {
      /** @description `visa`, `mastercard`, …. */
      brand: string;
      /** @description The card that pays by default. */
      default: boolean;
      /** Format: int64 */
      exp_month: number;
      /** Format: int64 */
      exp_year: number;
      /** @description Stripe's payment method id (`pm_…`). */
      id: string;
      last4: string;
    };
    /** @description `POST /api/account/card`: a card's new expiry. */
    CardExpiryRequest: {
      cardId: string;
      /**
       * Format: int64
       * @description 1–12.
       */
      exp_month: number;
      /**
       * Format: int64
       * @description 2020–2040.
       */
      exp_year: number;
    };
    /**
     * @description How a checkout ended: `succeeded` (with the subscription and cards) or
     *     `requires_action` (3-D Secure: confirm `clientSecret`, then
     *     `POST /api/checkout/complete` with `intentId`).
     */
    CheckoutAnswer:
      | {
          cards: components['schemas']['Card'][];
          /** @enum {string} */
          status: 'succeeded';
          subscription?: components['schemas']['Subscription'] | null;
        }
      | {
          clientSecret: string;
          intentId: string;
          /** @enum {string} */
          status: 'requires_action';
        };
    /** @description `POST /api/checkout`. */
    CheckoutRequest: {
      /** @description The user's Stripe customer id; null before their first checkout. */
      customerId?: string | null;
      /** @description A payment method id from Stripe.js or the sandbox's card form (`pm_…`). */
      paymentMethod: string;
      /** @description `regular` or `premium`; absent: only add the card. */
      plan?: string | null;
    };
    /** @description `POST /api/checkout/complete`. */
    CompleteRequest: {
      /** @description The `intentId` of a `requires_action` answer. */
      intentId: string;
    };
    /** @description One line the script printed to the console. */
    ConsoleEntry: {
      level: components['schemas']['ConsoleLevel'];
      text: string;
    };
    /**
     * @description The console method that printed a line (`table`, `dir`, `group` print as `log`;
     *     `trace` as `debug`).
     * @enum {string}
     */
    ConsoleLevel: 'log' | 'info' | 'warn' | 'error' | 'debug';
    /** @description A new endpoint, with its secret: shown here and on rotation only. */
    CreatedEndpoint: {
      /**
       * Format: int64
       * @description Unix milliseconds.
       */
      created_at: number;
      enabled: boolean;
      /**
       * Format: int64
       * @description Unix milliseconds of the first failure since the last success; null: not failing.
       */
      failing_since?: number | null;
      id: string;
      /** @description `whsec_…`: the key of the `Calcsmith-Signature` HMAC. */
      secret: string;
      url: string;
    };
    /** @description An answer wrapped as `{"data": …}`. */
    Data_Option_Subscription: {
      data: null | {
        /** @description Set: the plan ends at `currentPeriodEnd`. */
        cancelAtPeriodEnd: boolean;
        currency: string;
        /**
         * Format: int64
         * @description Unix seconds.
         */
        currentPeriodEnd: number;
        defaultCard?: components['schemas']['Card'] | null;
        /** @description Stripe's subscription id (`sub_…`). */
        id: string;
        /** @description `regular` or `premium` (`free` for a price this server does not sell). */
        plan: string;
        /**
         * Format: int64
         * @description In cents a month.
         */
        price: number;
        /** @description Stripe's: `active`, `incomplete`, `past_due`, `canceled`, `unpaid`, …. */
        status: string;
      };
    };
    /** @description An answer wrapped as `{"data": …}`. */
    Data_Subscription: {
      /** @description The user's subscription as the API shows it. */
      data: {
        /** @description Set: the plan ends at `currentPeriodEnd`. */
        cancelAtPeriodEnd: boolean;
        currency: string;
        /**
         * Format: int64
         * @description Unix seconds.
         */
        currentPeriodEnd: number;
        defaultCard?: components['schemas']['Card'] | null;
        /** @description Stripe's subscription id (`sub_…`). */
        id: string;
        /** @description `regular` or `premium` (`free` for a price this server does not sell). */
        plan: string;
        /**
         * Format: int64
         * @description In cents a month.
         */
        price: number;
        /** @description Stripe's: `active`, `incomplete`, `past_due`, `canceled`, `unpaid`, …. */
        status: string;
      };
    };
    /** @description An answer wrapped as `{"data": …}`. */
    Data_Vec_Card: {
      data: {
        /** @description `visa`, `mastercard`, …. */
        brand: string;
        /** @description The card that pays by default. */
        default: boolean;
        /** Format: int64 */
        exp_month: number;
        /** Format: int64 */
        exp_year: number;
        /** @description Stripe's payment method id (`pm_…`). */
        id: string;
        last4: string;
      }[];
    };
    /** @description An answer wrapped as `{"data": …}`. */
    Data_Vec_Invoice: {
      data: {
        /** Format: int64 */
        amountPaid: number;
        /**
         * Format: int64
         * @description Unix seconds.
         */
        created: number;
        currency: string;
        /** @description Stripe's invoice id (`in_…`). */
        id: string;
        number?: string | null;
        /** @description `/api/account/invoice/{id}/pdf`. */
        pdf: string;
        /** @description `paid`, `open`, `draft`, `void`, `uncollectible`. */
        status?: string | null;
        /**
         * Format: int64
         * @description In cents.
         */
        total: number;
      }[];
    };
    /** @description One day. */
    DayRow: {
      /** @description `YYYY-MM-DD` (UTC). */
      date: string;
      /**
       * Format: int64
       * @description Unique visitors who used it: changed an input or ran it with values from the address.
       */
      engaged: number;
      /** Format: int64 */
      errors: number;
      /** Format: int64 */
      submissions: number;
      /** Format: int64 */
      views: number;
      /**
       * Format: int64
       * @description Unique visitors of the day (one person on two days counts on each).
       */
      visitors: number;
    };
    /** @description `DELETE /api/account` (no body counts as no password). */
    DeleteAccountRequest: {
      /** @description The user's current password. */
      password: string;
    };
    /**
     * @description What a delivery tells of.
     * @enum {string}
     */
    DeliveryEvent: 'submission' | 'test';
    /**
     * @description Where a delivery stands.
     * @enum {string}
     */
    DeliveryState: 'pending' | 'delivered' | 'failed';
    /** @description One delivery in the endpoint's log. */
    DeliveryView: {
      /** @description Oldest first. */
      attempts: components['schemas']['AttemptView'][];
      /**
       * Format: int64
       * @description Unix milliseconds.
       */
      created_at: number;
      event: components['schemas']['DeliveryEvent'];
      id: string;
      /**
       * Format: int64
       * @description Unix milliseconds when it is tried next; null once delivered or failed.
       */
      next_attempt_at?: number | null;
      state: components['schemas']['DeliveryState'];
      /** @description The submission it tells of; null for a test event. */
      submission_id?: string | null;
    };
    /** @description One output (or table cell, or table size) that is not what a test expected. */
    Difference: {
      /** @description The actual value, or when `actual_elided`, the text [`shown_value`] gives. */
      actual: unknown;
      /** @description True when `actual` is a shortened text to show as it is, not the value. */
      actualElided?: boolean;
      /** @description The table column's name; absent for a whole row or a whole output. */
      column?: string;
      /** @description The expected value, or when `expected_elided`, the text [`shown_value`] gives. */
      expected: unknown;
      /** @description True when `expected` is a shortened text to show as it is, not the value. */
      expectedElided?: boolean;
      output: string;
      /**
       * @description The table row, counted from 0; absent for a value output, and for a difference
       *     in the number of rows.
       */
      row?: number;
    };
    /** @description A calculator's endpoints, and the account's room for more. */
    EndpointList: {
      data: components['schemas']['EndpointView'][];
      /**
       * Format: int64
       * @description Endpoints the account's plan allows, over all its calculators.
       */
      limit: number;
      /**
       * Format: int64
       * @description Endpoints the account has, over all its calculators.
       */
      used: number;
    };
    /** @description An endpoint as listed (never its secret). */
    EndpointView: {
      /**
       * Format: int64
       * @description Unix milliseconds.
       */
      created_at: number;
      /** @description Why the server turned it off. */
      disabled_reason?: string | null;
      /** @description False once the server turned it off (see `disabled_reason`). */
      enabled: boolean;
      /**
       * Format: int64
       * @description Unix milliseconds of the first failure since the last success; null: not failing.
       */
      failing_since?: number | null;
      id: string;
      url: string;
    };
    /** @description Every failure: a 4xx (or a generic 500) with a message for people. */
    ErrorBody: {
      /** @description A refused card (402): Stripe's error code. */
      code?: string | null;
      /** @description A refused card (402): Stripe's decline code. */
      declineCode?: string | null;
      /**
       * @description Inputs that break their valid-when rules (400 from an evaluation or a submission):
       *     the messages joined, one `name: message` a line, as `message` is.
       */
      error?: string | null;
      /** @description … and the same messages by input name. */
      invalid?: {
        [key: string]: string;
      } | null;
      /** @description What went wrong, in English. */
      message: string;
      /**
       * @description A refusal of the account's plan (400: a full plan, a private calculator or script
       *     on the free plan, one webhook endpoint too many): `"plan"`, so a client can offer an
       *     upgrade; absent from every other answer.
       */
      refusedBy?: string | null;
      /**
       * Format: int64
       * @description A save that lost to another (409): the calculator's revision now.
       */
      revision?: number | null;
    };
    /** @description An error visitors saw. */
    ErrorRow: {
      /** Format: int64 */
      count: number;
      /** @description When it was last seen, `YYYY-MM-DDTHH:MM:SSZ`. */
      last_seen: string;
      /** @description The message shown, cut to 200 characters. */
      message: string;
    };
    /** @description `POST /api/calc/{id}/eval`. */
    EvalRequest: {
      /** @description `en` (default) or `ru`. */
      locale?: string | null;
      /** @description Input values keyed by input id, like `doc.defaults`. */
      values?: Record<string, unknown> | null;
    };
    /** @description What one evaluation produced; identical from the CLI, the server and the browser. */
    EvalResult: {
      /**
       * @description What the script printed with `console.log` and friends, bounded; omitted from
       *     the JSON when empty.
       */
      console?: components['schemas']['ConsoleEntry'][];
      /**
       * @description What a table's CSV file holds where it is not the raw value: per table output whose
       *     columns round (`decimalPlaces`, `roundingMode` or `roundingStep`), a row for each
       *     row with those columns' number cells rounded as shown, in plain digits (`"1199.10"`;
       *     a percent as its fraction, `"0.15"`). Omitted when no table rounds.
       */
      csv?: {
        [key: string]: {
          [key: string]: string;
        }[];
      };
      /**
       * @description Display text per output: a string, a list of rows of strings for a table, or
       *     null for a hidden output. `None` when `error` is set.
       */
      display: {
        [key: string]: components['schemas']['OutputDisplay'];
      } | null;
      /** @description The calculation's error message, if it failed. */
      error: string | null;
      /**
       * @description The top-level inputs hidden by show-when rules (theirs or their section's), in
       *     declaration order; the script saw them as null.
       */
      hiddenInputs: string[];
      /**
       * @description The outputs hidden by show-when rules, in declaration order; each is null in
       *     `outputs` and `display`.
       */
      hiddenOutputs: string[];
      /** @description The ids of the sections hidden by their show-when rules; omitted when none is. */
      hiddenSections?: string[];
      /**
       * @description The first failing valid-when rule's message per visible input; omitted when every
       *     rule holds. When present the script did not run: `outputs` and `display` are null.
       */
      invalid?: {
        [key: string]: string;
      };
      /**
       * @description Every declared output by name (null when absent); dates as ISO-8601 strings.
       *     `None` when `error` is set.
       */
      outputs: {
        [key: string]: unknown;
      } | null;
      /** @description The inputs the script read, in declaration order (`"list.sub"` for sub-inputs). */
      usedInputs: string[];
    };
    /** @description A beacon: what happened on a published page or embed. */
    EventRequest: {
      /** @description The error shown (for `error`; cut to 200 characters). */
      message?: string | null;
      /**
       * @description The address of the page the visitor came from (`document.referrer`); only its host
       *     is kept.
       */
      referrer?: string | null;
      /**
       * @description The address of the page that embeds the calculator (sent by the embed); only its
       *     host is kept.
       */
      site?: string | null;
      type: components['schemas']['EventType'];
    };
    /**
     * @description What happened, as a beacon reports it.
     * @enum {string}
     */
    EventType: 'view' | 'engaged' | 'submit' | 'error';
    /** @description The profile as the Account screen shows it. */
    ExportedAccount: {
      address: string;
      city: string;
      country: string;
      /**
       * Format: int64
       * @description Unix seconds.
       */
      created_at: number;
      email: string;
      name: string;
      phone: string;
      /** @description `free`, `regular` or `premium`. */
      plan: string;
      state: string;
      zipcode: string;
    };
    /** @description One calculator, its versions and its submissions. */
    ExportedCalculator: {
      /**
       * Format: int64
       * @description Unix milliseconds.
       */
      created_at: number;
      doc: Record<string, unknown>;
      doc_style: Record<string, unknown>;
      id: string;
      private: boolean;
      /**
       * Format: int64
       * @description The version visitors are shown.
       */
      published_version: number;
      /** @description Newest first, as on the Submissions screen. */
      submissions: components['schemas']['SubmissionView'][];
      /**
       * Format: int64
       * @description Submissions stored past the plan's monthly limit, not in this file until the plan
       *     has room for them.
       */
      submissionsHeldBack: number;
      /** Format: int64 */
      updated_at: number;
      /**
       * Format: int64
       * @description The current version's number.
       */
      version: number;
      /** @description Every kept version, oldest first. */
      versions: components['schemas']['ExportedVersion'][];
    };
    /** @description One kept version. */
    ExportedVersion: {
      /**
       * Format: int64
       * @description Unix milliseconds.
       */
      created_at: number;
      doc: Record<string, unknown>;
      doc_style: Record<string, unknown>;
      /** Format: int64 */
      number: number;
    };
    /** @description `POST /api/forgot`. */
    ForgotRequest: {
      email: string;
    };
    /** @description The free plan's limits. */
    FreePlan: {
      allowsPrivate: boolean;
      /** Format: int64 */
      maxCalculators?: number | null;
      /** Format: int64 */
      monthlySubmissions?: number | null;
      /** Format: int64 */
      webhookEndpoints: number;
    };
    /** @description One row of `GET /api/account/invoice`. */
    Invoice: {
      /** Format: int64 */
      amountPaid: number;
      /**
       * Format: int64
       * @description Unix seconds.
       */
      created: number;
      currency: string;
      /** @description Stripe's invoice id (`in_…`). */
      id: string;
      number?: string | null;
      /** @description `/api/account/invoice/{id}/pdf`. */
      pdf: string;
      /** @description `paid`, `open`, `draft`, `void`, `uncollectible`. */
      status?: string | null;
      /**
       * Format: int64
       * @description In cents.
       */
      total: number;
    };
    /** @description One calculator on a page of "My Calculators". */
    ListedCalc: {
      _id: string;
      doc: unknown;
      doc_style: unknown;
      error?: string | null;
      private: boolean;
      tests?: components['schemas']['TestsSummary'] | null;
      /**
       * Format: int64
       * @description Submissions the owner has not read yet, of those the plan lets them read.
       */
      unread_submissions: number;
      /**
       * Format: int64
       * @description Views in the last 30 days, today included.
       */
      views_30d: number;
    };
    /** @description One kept version on a page of a calculator's history. */
    ListedVersion: {
      /**
       * Format: int64
       * @description Unix milliseconds.
       */
      created_at: number;
      /** @description This is the version the editor opens. */
      current: boolean;
      /** @description The engine's error when this version was run with its defaults, if any. */
      error?: string | null;
      /** Format: int64 */
      number: number;
      /** @description This is the version visitors see. */
      published: boolean;
      tests?: components['schemas']['TestsSummary'] | null;
    };
    /** @description A confirmation for people. */
    MessageBody: {
      message: string;
    };
    /** @description A row of the referrer, site, device and language tables. */
    NameCount: {
      /** Format: int64 */
      count: number;
      name: string;
    };
    /** @description `POST /api/calc/{id}/webhooks`. */
    NewEndpoint: {
      /** @description An https URL whose host resolves to public addresses only. */
      url: string;
    };
    /**
     * @description The display text of one output, as [`EvalResult::display`] holds it (for the schema only:
     *     the result keeps it as JSON).
     */
    OutputDisplay:
      | string
      | {
          [key: string]: string;
        }[]
      | null;
    /** @description One page of a list, as every paged answer has it. */
    Page_DeliveryView: {
      data: {
        /** @description Oldest first. */
        attempts: components['schemas']['AttemptView'][];
        /**
         * Format: int64
         * @description Unix milliseconds.
         */
        created_at: number;
        event: components['schemas']['DeliveryEvent'];
        id: string;
        /**
         * Format: int64
         * @description Unix milliseconds when it is tried next; null once delivered or failed.
         */
        next_attempt_at?: number | null;
        state: components['schemas']['DeliveryState'];
        /** @description The submission it tells of; null for a test event. */
        submission_id?: string | null;
      }[];
      paging: components['schemas']['Paging'];
    };
    /** @description One page of a list, as every paged answer has it. */
    Page_ListedCalc: {
      data: {
        _id: string;
        doc: unknown;
        doc_style: unknown;
        error?: string | null;
        private: boolean;
        tests?: components['schemas']['TestsSummary'] | null;
        /**
         * Format: int64
         * @description Submissions the owner has not read yet, of those the plan lets them read.
         */
        unread_submissions: number;
        /**
         * Format: int64
         * @description Views in the last 30 days, today included.
         */
        views_30d: number;
      }[];
      paging: components['schemas']['Paging'];
    };
    /** @description One page of a list, as every paged answer has it. */
    Page_ListedVersion: {
      data: {
        /**
         * Format: int64
         * @description Unix milliseconds.
         */
        created_at: number;
        /** @description This is the version the editor opens. */
        current: boolean;
        /** @description The engine's error when this version was run with its defaults, if any. */
        error?: string | null;
        /** Format: int64 */
        number: number;
        /** @description This is the version visitors see. */
        published: boolean;
        tests?: components['schemas']['TestsSummary'] | null;
      }[];
      paging: components['schemas']['Paging'];
    };
    /** @description Where a page is in its list. */
    Paging: {
      /** Format: int64 */
      page: number;
      /**
       * Format: int64
       * @description At least 1, also for an empty list.
       */
      pages: number;
      /** Format: int64 */
      perPage: number;
      /** Format: int64 */
      total: number;
    };
    /** @description The calculator an event is about. */
    PayloadCalculator: {
      id: string;
      /** @description Its name (the doc's `name`) in that version. */
      name: string;
    };
    /**
     * @description A submission as a webhook tells of it: what the server computed, and the contact
     *     fields the visitor filled in.
     */
    PayloadSubmission: {
      /** @description The consent text as the visitor was shown it. */
      consent_text?: string | null;
      /**
       * @description `name`, `email`, `phone`, `company`, `message` (text) and `consent` (true or
       *     false), as the form had them.
       */
      contact: Record<string, unknown>;
      /**
       * Format: int64
       * @description Unix milliseconds.
       */
      created_at: number;
      /** @description Display text by output name, as the visitor saw it. */
      display: Record<string, unknown>;
      id: string;
      /** @description `en` or `ru`, as displayed. */
      locale?: string | null;
      /** @description Raw outputs by output name. */
      outputs: Record<string, unknown>;
      /** @description Host and path of the page it was sent from. */
      page?: string | null;
      /** @description Input values by input name. */
      values: Record<string, unknown>;
    };
    /** @description A plan on sale (`GET /api/billing`); the limits are those the server enforces. */
    PlanOnSale: {
      allowsPrivate: boolean;
      currency: string;
      /** @description `regular` or `premium`. */
      id: string;
      interval: string;
      /**
       * Format: int64
       * @description How many calculators it saves; null: no limit.
       */
      maxCalculators?: number | null;
      /**
       * Format: int64
       * @description How many submissions a month the owner reads; null: no limit. Past it they are
       *     stored and held back until an upgrade.
       */
      monthlySubmissions?: number | null;
      name: string;
      /**
       * Format: int64
       * @description In cents a month.
       */
      price: number;
      /**
       * Format: int64
       * @description How many webhook endpoints the account may have, over all its calculators.
       */
      webhookEndpoints: number;
    };
    /** @description `POST /api/account/sub/{id}/preview` and `/plan`. */
    PlanRequest: {
      /** @description `regular` or `premium`. */
      plan: string;
    };
    /** @description `POST /api/calc/edit/`: the calculator, in the query, JSON or a form. */
    PrivacyRequest: {
      calcId: string;
    };
    /** @description What switching the subscription to `plan` costs now (Stripe's proration). */
    ProrationPreview: {
      /**
       * Format: int64
       * @description In cents.
       */
      amountDue: number;
      currency: string;
    };
    /**
     * @description What a published calculator shows: the doc, its style, and the result of the last
     *     save's run with the defaults.
     */
    Published: {
      doc: unknown;
      doc_style: unknown;
      error?: string | null;
      result?: components['schemas']['EvalResult'] | null;
    };
    /** @description A delivery just queued (`202`). */
    QueuedDelivery: {
      id: string;
    };
    /** @description `POST /api/forgot/check`. */
    ResetLinkRequest: {
      /** @description The token from the reset link. */
      token: string;
    };
    /** @description `POST /api/forgot/reset`. */
    ResetRequest: {
      password: string;
      /** @description The token from the reset link. */
      token: string;
    };
    /** @description The answer to a save. */
    Saved: {
      _id: string;
      /** @description The engine's error when the calculator was run with its defaults, if any. */
      error?: string | null;
      message: string;
      /**
       * Format: int64
       * @description The version visitors now see.
       */
      published_version: number;
      /**
       * Format: int64
       * @description The calculator's revision after this save.
       */
      revision: number;
      /** @description What the doc's tests gave; null when it has none. Failing tests do not stop a save. */
      tests: components['schemas']['StoredTests'];
      /**
       * Format: int64
       * @description The version that is now current (the same as before when the doc and style did not
       *     change).
       */
      version: number;
    };
    /** @description A new secret (`POST …/secret`). */
    SecretBody: {
      /** @description `whsec_…`; the old one signs nothing from now on. */
      secret: string;
    };
    /** @description Changed settings (`POST /api/acc/save`); absent fields stay as they are. */
    SettingsRequest: {
      address?: string | null;
      city?: string | null;
      country?: string | null;
      email?: string | null;
      name?: string | null;
      /** @description The current password; needed to change the password or the email. */
      oldPassword?: string | null;
      password?: string | null;
      phone?: string | null;
      state?: string | null;
      zipcode?: string | null;
    };
    /** @description `POST /api/login`. */
    SignInRequest: {
      email: string;
      password: string;
    };
    /** @description `POST /api/signup`. */
    SignUpRequest: {
      /** @description The solved ALTCHA challenge from `GET /api/captcha`, base64 JSON. */
      captchaResponse: string;
      email: string;
      name: string;
      password: string;
    };
    /** @description A calculator's source as its owner reads it. */
    Source: {
      _id: string;
      doc: unknown;
      doc_style: unknown;
      private: boolean;
      /**
       * Format: int64
       * @description The number of the version visitors see: the current one, unless
       *     `doc.holdWhileTestsFail` holds the last one whose tests passed.
       */
      published_version: number;
      /**
       * Format: int64
       * @description Counts the saves; the next save sends it back.
       */
      revision: number;
      /** @description What the doc's tests gave when it was saved; null when it has none. */
      tests: components['schemas']['StoredTests'];
      /**
       * Format: int64
       * @description The number of the current version (`GET /api/source/{id}/versions/{number}`).
       */
      version: number;
    };
    /** @description A calculator's source as its owner saves it. */
    SourceRequest: {
      /**
       * @description The calculator doc (spec §3): name, script, metaInputs, metaOutputs, defaults, …;
       *     its form fields (inputs' and outputs' `visibleWhen`, `validWhen`, `section`; the
       *     doc's `sections`, `steps`, `stepOutputs`, `presets`) as docs/engine.md describes.
       *     `privateScript: true` (Regular and Premium) keeps the script, tests and libraries
       *     from visitors; on the free plan such a save is a 400. `embedDomains` lists the sites
       *     allowed to embed it (at most 20 `[scheme://]host[:port]` entries such as
       *     `example.com`, `*.example.com`, `http://127.0.0.1:5174`; absent or empty: every
       *     site); a list with an entry that is not a site is a 400 naming it.
       */
      doc: unknown;
      doc_style?: unknown;
      /**
       * Format: int64
       * @description The revision this save is based on (from the last read or save). Needed to
       *     overwrite an existing calculator: a stale or missing one gets 409.
       */
      revision?: number | null;
    };
    StoredTests: components['schemas']['TestReport'] | null;
    /** @description A page of submissions, and what the plan holds back. */
    SubmissionPage: {
      data: components['schemas']['SubmissionView'][];
      /**
       * Format: int64
       * @description Submissions of this calculator stored past the plan's monthly limit: kept, not
       *     shown until the plan has room for them.
       */
      heldBack: number;
      /**
       * Format: int64
       * @description The plan's submissions a month; null: no limit.
       */
      monthlyLimit?: number | null;
      paging: components['schemas']['Paging'];
    };
    /** @description One submission as the owner reads it. */
    SubmissionView: {
      /** @description The consent text as the visitor was shown it. */
      consent_text?: string | null;
      /** @description The fields the visitor filled in (`consent`: whether the box was ticked). */
      contact: Record<string, unknown>;
      /**
       * Format: int64
       * @description Unix milliseconds.
       */
      created_at: number;
      /** @description Display text by output name, as the visitor saw it. */
      display: Record<string, unknown>;
      id: string;
      locale?: string | null;
      /** @description Raw outputs by output name. */
      outputs: Record<string, unknown>;
      /** @description Host and path of the page it was sent from. */
      page?: string | null;
      /** @description Whether the owner had seen it before this answer. */
      read: boolean;
      /** @description Input values by input name. */
      values: Record<string, unknown>;
      /**
       * Format: int64
       * @description The published version the server computed it with.
       */
      version: number;
    };
    /**
     * @description `POST /api/calc/{id}/submit`. Outputs are not among its fields: the server computes
     *     them, and a body with any other field is refused ([`SubmitRequest::from_json`] names
     *     it; `deny_unknown_fields` also says so in the schema).
     */
    SubmitRequest: {
      /** @description The solved ALTCHA challenge from `GET /api/captcha`, base64 JSON. */
      captchaResponse: string;
      /**
       * @description The form's fields: `name`, `email`, `phone`, `company`, `message` (text) and
       *     `consent` (true or false), as the calculator's form has them.
       */
      contact?: Record<string, unknown>;
      /**
       * @description "E-mail me my results": a copy to `contact.email`, where the calculator offers it
       *     (`submissions.emailResults`).
       */
      emailMe?: boolean | null;
      /** @description `en` (default) or `ru`: how the outputs are displayed. */
      locale?: string | null;
      /**
       * @description The address of the page embedding the calculator (an embed sends it); its host
       *     and path are kept. Without it, the request's `Referer` (or `Origin`) is.
       */
      site?: string | null;
      /** @description Input values keyed by input id, like `doc.defaults`. */
      values?: Record<string, unknown>;
      /**
       * @description The honeypot: a field people never see and leave empty. Filled in, the answer is
       *     a success and nothing is stored.
       */
      website?: string | null;
    };
    /** @description What the visitor is answered: the server's numbers and what to show next. */
    Submitted: {
      /** @description Their display text, by output name. */
      display: Record<string, unknown>;
      /** @description Why the copy was not sent (a cap); the submission is stored all the same. */
      emailReason?: string | null;
      /** @description With `emailMe`: whether the copy of the results was queued (sent shortly). */
      emailed?: boolean | null;
      id: string;
      /** @description The outputs the server computed, raw, by output name. */
      outputs: Record<string, unknown>;
      /** @description Where to send the visitor next (http or https). */
      redirect?: string | null;
      /** @description The author's thank-you message with `{output}` replaced by its display text. */
      thankYou?: string | null;
      /**
       * Format: int64
       * @description The published version they were computed with.
       */
      version: number;
    };
    /** @description The user's subscription as the API shows it. */
    Subscription: {
      /** @description Set: the plan ends at `currentPeriodEnd`. */
      cancelAtPeriodEnd: boolean;
      currency: string;
      /**
       * Format: int64
       * @description Unix seconds.
       */
      currentPeriodEnd: number;
      defaultCard?: components['schemas']['Card'] | null;
      /** @description Stripe's subscription id (`sub_…`). */
      id: string;
      /** @description `regular` or `premium` (`free` for a price this server does not sell). */
      plan: string;
      /**
       * Format: int64
       * @description In cents a month.
       */
      price: number;
      /** @description Stripe's: `active`, `incomplete`, `past_due`, `canceled`, `unpaid`, …. */
      status: string;
    };
    /** @description One test's result. */
    TestOutcome: {
      /**
       * @description True when this failed test's differences and error were left out to keep the
       *     report within [`MAX_REPORT_BYTES`]; omitted otherwise.
       */
      detailsDropped?: boolean;
      /**
       * @description The outputs that differ from what was expected, at most [`MAX_DIFFERENCES`];
       *     omitted when there are none.
       */
      differences?: components['schemas']['Difference'][];
      /**
       * @description The calculation's error (the script threw, returned something invalid, ran out
       *     of time), shortened past [`MAX_ERROR_CHARS`]; omitted when it ran.
       */
      error?: string;
      /** @description How many differences there were past those in `differences`; omitted when none. */
      moreDifferences?: number;
      name: string;
      passed: boolean;
    };
    /** @description What running a doc's tests gave. */
    TestReport: {
      failed: number;
      passed: number;
      /** @description One outcome per test, in the doc's order. */
      tests: components['schemas']['TestOutcome'][];
    };
    /** @description How many of a calculator's tests passed and failed. */
    TestsSummary: {
      /** Format: int64 */
      failed: number;
      /** Format: int64 */
      passed: number;
    };
    /** @description One version of a calculator, as it was saved. */
    Version: {
      /**
       * Format: int64
       * @description Unix milliseconds.
       */
      created_at: number;
      current: boolean;
      doc: unknown;
      doc_style: unknown;
      error?: string | null;
      /** Format: int64 */
      number: number;
      published: boolean;
      /** @description Null when this version has no tests. */
      tests: components['schemas']['StoredTests'];
    };
    /** @description The answer to a Stripe event. */
    WebhookAnswer: {
      /** @description This event id was processed before; nothing was done. */
      duplicate: boolean;
      received: boolean;
    };
    /** @description A delivery's body, as POSTed to the endpoint with `Calcsmith-Signature`. */
    WebhookPayload: {
      calculator: components['schemas']['PayloadCalculator'];
      /**
       * Format: int64
       * @description When the event happened, Unix seconds.
       */
      created: number;
      /**
       * @description The event's id (`evt_…`): the same in every attempt and redelivery of it, so a
       *     receiver can ignore one it has seen.
       */
      id: string;
      submission?: components['schemas']['PayloadSubmission'] | null;
      type: components['schemas']['EventType'];
      /**
       * Format: int64
       * @description The published version of the calculator (the one the submission was computed with).
       */
      version: number;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  save_settings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SettingsRequest'];
        'application/x-www-form-urlencoded': components['schemas']['SettingsRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageBody'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  account: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Account'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  delete_account: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DeleteAccountRequest'];
        'application/x-www-form-urlencoded': components['schemas']['DeleteAccountRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageBody'];
        };
      };
      /** @description No current password, or a wrong one (the account stays) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Another change to the user's plan or cards is still in progress */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Stripe cannot be reached to end the subscription; nothing was deleted */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  cards: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Data_Vec_Card'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  edit_card: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CardExpiryRequest'];
        'application/x-www-form-urlencoded': components['schemas']['CardExpiryRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Data_Vec_Card'];
        };
      };
      /** @description Month outside 1–12, year outside 2020–2040 */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Another change to the user's plan or cards is still in progress */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  make_default: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The card's id (`pm_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Data_Vec_Card'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Another change to the user's plan or cards is still in progress */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  delete_card: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The card's id (`pm_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Data_Vec_Card'];
        };
      };
      /** @description `This card pays for your subscription. Make another card the default before deleting it.` */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Another change to the user's plan or cards is still in progress */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  export_account: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file (`Content-Disposition: attachment`) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccountExport'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  invoices: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Data_Vec_Invoice'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  invoice_pdf: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The invoice id (`in_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description To the PDF */
      302: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  subscription: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Data_Option_Subscription'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Stripe cannot be reached */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  cancel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The subscription id (`sub_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Data_Subscription'];
        };
      };
      /** @description The subscription has ended */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Not the user's, or no such subscription */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Another change to the user's plan or cards is still in progress */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  switch_plan: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The subscription id (`sub_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PlanRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Data_Subscription'];
        };
      };
      /** @description Unknown plan, the same plan, or ended */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The card was declined (the provider's message, with `code` and `declineCode`) */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Another change to the user's plan or cards is still in progress */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  preview: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The subscription id (`sub_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PlanRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProrationPreview'];
        };
      };
      /** @description Unknown plan, the same plan, or ended */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  resume: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The subscription id (`sub_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Data_Subscription'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Another change to the user's plan or cards is still in progress */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  plans: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BillingInfo'];
        };
      };
    };
  };
  toggle_privacy: {
    parameters: {
      query?: {
        /** @description the calculator, if not in the body */
        calcId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PrivacyRequest'];
        'application/x-www-form-urlencoded': components['schemas']['PrivacyRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageBody'];
        };
      };
      /** @description No or a bad id, or the plan has no private calculators */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  my_calculators: {
    parameters: {
      query?: {
        /** @description 1-based page number */
        page?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Page_ListedCalc'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  read_published: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Published'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  delete_published: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageBody'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  read_analytics: {
    parameters: {
      query?: {
        /** @description How many days back, today included (default 30) */
        days?: number;
      };
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AnalyticsReport'];
        };
      };
      /** @description A bad id or number of days */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, or someone else's */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  set_analytics: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AnalyticsSetting'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageBody'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, or someone else's */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  evaluate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EvalRequest'];
      };
    };
    responses: {
      /** @description The engine's result; a failing calculation is a result with `error` set; inputs that break their valid-when rules are a 400 with `invalid`, the messages by input name */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EvalResult'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  record_event: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EventRequest'];
        'text/plain': components['schemas']['EventRequest'];
      };
    };
    responses: {
      /** @description Accepted (counted or not) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not an event */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Too many events from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  list: {
    parameters: {
      query?: {
        /** @description 1-based page number */
        page?: string;
        /** @description a search in names and e-mails */
        q?: string;
        /** @description the first day, YYYY-MM-DD (UTC) */
        from?: string;
        /** @description the last day, YYYY-MM-DD (UTC) */
        to?: string;
      };
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubmissionPage'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  delete_all: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageBody'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  csv: {
    parameters: {
      query?: {
        /** @description a search in names and e-mails */
        q?: string;
        /** @description the first day, YYYY-MM-DD (UTC) */
        from?: string;
        /** @description the last day, YYYY-MM-DD (UTC) */
        to?: string;
      };
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description UTF-8 with a byte-order mark and a header row */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  delete_one: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
        /** @description the submission's id */
        sid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageBody'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  submit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SubmitRequest'];
      };
    };
    responses: {
      /** @description Stored (or a honeypot caught: the same answer, nothing stored) */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Submitted'];
        };
      };
      /** @description Not collecting, a bad or missing field, an unknown field, `emailMe` where the calculator does not offer it or without an email, no captcha, or the calculation failed (the engine's message) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  list_webhooks: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EndpointList'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  add_webhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['NewEndpoint'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedEndpoint'];
        };
      };
      /** @description Not an https address, one that leads to a private, loopback or reserved address, an unknown host, a second endpoint at one address, or past the plan's endpoints */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  delete_webhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
        /** @description the endpoint's id */
        wid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageBody'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  list_deliveries: {
    parameters: {
      query?: {
        /** @description 1-based page number */
        page?: string;
      };
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
        /** @description the endpoint's id */
        wid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Page_DeliveryView'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  redeliver_webhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
        /** @description the endpoint's id */
        wid: string;
        /** @description the delivery's id */
        did: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['QueuedDelivery'];
        };
      };
      /** @description The endpoint is turned off */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  enable_webhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
        /** @description the endpoint's id */
        wid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EndpointView'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  rotate_webhook_secret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
        /** @description the endpoint's id */
        wid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SecretBody'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  send_test_event: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
        /** @description the endpoint's id */
        wid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Queued; its attempts show in the delivery log */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['QueuedDelivery'];
        };
      };
      /** @description The endpoint is turned off */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  new_captcha: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Captcha'];
        };
      };
    };
  };
  checkout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CheckoutRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckoutAnswer'];
        };
      };
      /** @description Bad input, or already subscribed */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The card was declined (the provider's message, with `code` and `declineCode`) */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Another user's customer id */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Another change to the user's plan or cards is still in progress */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  complete: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CompleteRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckoutAnswer'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Authentication failed or the card was declined */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Another change to the user's plan or cards is still in progress */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  forgot: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ForgotRequest'];
        'application/x-www-form-urlencoded': components['schemas']['ForgotRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageBody'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  check_reset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ResetLinkRequest'];
        'application/x-www-form-urlencoded': components['schemas']['ResetLinkRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageBody'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  reset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ResetRequest'];
        'application/x-www-form-urlencoded': components['schemas']['ResetRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageBody'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  sign_in: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SignInRequest'];
        'application/x-www-form-urlencoded': components['schemas']['SignInRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Account'];
        };
      };
      /** @description `Wrong email or password.` */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  sign_out: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Signed out; to `/` */
      303: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  sign_out_form: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Signed out; to `/` */
      303: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description A cross-site request */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  sign_up: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SignUpRequest'];
        'application/x-www-form-urlencoded': components['schemas']['SignUpRequest'];
      };
    };
    responses: {
      /** @description Signed up and signed in */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Account'];
        };
      };
      /** @description Invalid details, a taken email, or `Please resolve the captcha and submit!` */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  read_source: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Source'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, or someone else's */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  save_source: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SourceRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Saved'];
        };
      };
      /** @description Not a calculator, or the plan's limit */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Changed elsewhere (with the calculator's `revision` now), or a racing save */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  delete_source: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageBody'];
        };
      };
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  list_versions: {
    parameters: {
      query?: {
        /** @description 1-based page number */
        page?: string;
      };
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Page_ListedVersion'];
        };
      };
      /** @description A bad id or page */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, or someone else's */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  read_version: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 16 of [0-9A-Za-z] */
        id: string;
        /** @description The version's number */
        number: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Version'];
        };
      };
      /** @description A bad id or number */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing (never kept, or dropped), or someone else's */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  webhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description `t=…,v1=…` */
        'Stripe-Signature'?: string | null;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': unknown;
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookAnswer'];
        };
      };
      /** @description A bad or stale signature, or not an event */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Stripe cannot be reached; Stripe retries */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
}
