/*! TypeScript declarations for the financing service's checkout SDK: the global `service` that
 * sdk.js defines. Served beside the script, at /sdk.d.ts. Add this file to your project (for
 * instance as types/service-sdk.d.ts, inside what your tsconfig.json includes) and write:
 *
 *   (window.service = window.service || []).push((service) => {
 *     service.checkout(checkoutId, { onSuccess: () => location.assign('/thank-you') });
 *   });
 *
 * The reference is docs/sdk.md ("TypeScript"). */

declare namespace ServiceSDK {
  /** What `data-product-type` and `product.type` name, as the API names the products:
   * `pay_later`, `pay_in_4` or `instalments`, which is also what leaving it out means. */
  type ProductType = 'instalments' | 'pay_later' | 'pay_in_4';

  /** Why the SDK does not show a button or its payment information: `checking` (its
   * availability is being checked: new, or its amount, currency or product type changed),
   * `unavailable` (the service does not offer its product for its amount and currency),
   * `invalid` (invalid attributes; the console names the element), `no_button` (payment
   * information none of whose buttons is shown), `cannot_start` (the SDK cannot start). */
  type UnavailableReason = 'checking' | 'unavailable' | 'invalid' | 'no_button' | 'cannot_start';

  /** `detail` of the `service:availability` event, which the SDK dispatches (bubbling) on each
   * button and payment-information element whose availability changes. */
  interface AvailabilityDetail {
    available: boolean;
    /** Why not, when `available` is false; null when it is true. */
    reason: UnavailableReason | null;
  }

  /** A status the checkout reports while it stays open. */
  type ReportedStatus = 'success' | 'pending' | 'ko';

  /** How a checkout closes: a reported status, `dismiss` (closed before any) or `error`. */
  type ClosingStatus = ReportedStatus | 'dismiss' | 'error';

  /** Why the SDK cannot start: the `code` of `service.ready`'s rejection, and of the reason
   * every checkout then closes with. */
  type StartFailureCode =
    | 'unknown_key'
    | 'private_key'
    | 'invalid_settings'
    | 'csp'
    | 'unreachable'
    | 'timeout'
    | 'worker_failed';

  /** Why a checkout closed with `error` (the SDK's addition to the document's callbacks). */
  interface ErrorReason {
    code:
      | StartFailureCode
      | 'invalid_id'
      | 'unknown_checkout'
      | 'expired'
      | 'already_decided'
      | 'service_unavailable'
      | 'hosted_page_error';
    /** The line the SDK logged with `console.error`. */
    message: string;
  }

  /** What `service.ready` rejects with when the SDK cannot start. */
  interface StartFailure extends Error {
    code: StartFailureCode;
  }

  /** `service.button(options)`: the script form of the button check. */
  interface ButtonOptions {
    /** An integer amount of minor units (12.50 EUR is 1250); a string of digits is accepted. */
    amount: number | string;
    /** An ISO 4217 code, three upper-case letters. */
    currency: string;
    /** Leave it out (or its type) for instalments. */
    product?: { type?: ProductType };
    /** CSS selector of elements to show when the product is available, and hide otherwise. */
    selector?: string;
  }

  /** `service.checkout(id, callbacks)`: every callback is optional. */
  interface CheckoutCallbacks {
    /** The checkout reported a status; the overlay stays open. */
    onStatusChange?: (status: ReportedStatus) => void;
    /** The overlay has closed; the callback for the status (or its URL) comes next. With
     * `error`, the second argument says why. */
    onClose?: (status: ClosingStatus, reason?: ErrorReason) => void;
    /** Closed with `success`; without it, the checkout's `success_url` is visited, if any. */
    onSuccess?: () => void;
    /** Closed with `pending`; without it, `pending_url`. */
    onPending?: () => void;
    /** Closed with `ko`; without it, `ko_url`. */
    onKO?: () => void;
    /** Closed with `dismiss`; without it, `dismiss_url`. */
    onDismiss?: () => void;
    /** Closed with `error` (the checkout could not be loaded); without it, `error_url`. */
    onError?: (reason: ErrorReason) => void;
  }

  /** What `service.checkout()` returns. */
  interface CheckoutHandle {
    /** Close the checkout, as the shopper would with the overlay's close control: it closes
     * with `dismiss` if no status was reported yet, else with the last reported status (its
     * callbacks then run as for any close). Once the checkout has ended, or is closing, it does
     * nothing: a component may call it when it goes away, whatever happened meanwhile. */
    close(): void;
  }

  /** `service.init(options)`, for a script tag without a query string. */
  interface InitOptions {
    /** Your public key (`pk_...`); never the private one. */
    public_key: string;
    /** `true` against the sandbox, `false` in production. */
    sandbox: boolean;
    /** The service's URL; default: the origin the script came from. */
    api_url?: string;
    /** Milliseconds the hosted checkout has to load before the checkout closes with `error`. */
    checkout_timeout?: number;
  }

  /** A function for the queue: it runs as soon as sdk.js has run (at once after that). */
  type QueuedFunction = (service: Service) => void;

  /** The `service` object, once sdk.js has run. */
  interface Service {
    /** Resolves when the SDK's bridge is up and the service knows the key; rejects with a
     * `StartFailure` (an `Error` with a `code`) when it cannot start. Not needed to call the
     * other methods: they work from the moment sdk.js has run. */
    readonly ready: Promise<Service>;
    /** Queue a function; the same call as on the array that stands in before the SDK runs. */
    push(fn: QueuedFunction): void;
    init(options: InitOptions): void;
    /** Whether the product is available for the amount; with `selector`, shows or hides. */
    button(options: ButtonOptions): Promise<boolean>;
    /** Open the hosted checkout for the id your server got from `POST /checkout`. */
    checkout(checkoutId: string, callbacks?: CheckoutCallbacks): CheckoutHandle;
  }

  /** What `window.service` holds before sdk.js has run: functions waiting for it. */
  type Queue = QueuedFunction[];
}

/** `element.addEventListener('service:availability', (event) => event.detail.available)`, on the
 * element, or on any ancestor (the event bubbles). */
interface GlobalEventHandlersEventMap {
  'service:availability': CustomEvent<ServiceSDK.AvailabilityDetail>;
}

/** The SDK's one global: the queue until sdk.js has run, then the SDK itself. */
declare var service: ServiceSDK.Service | ServiceSDK.Queue | undefined;
