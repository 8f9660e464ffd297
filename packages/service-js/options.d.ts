// The options of loadService() and the names merchants' code uses, over the SDK's own
// declarations (service.d.ts: the `ServiceSDK` namespace and the global `service`), which the
// build copies into the package from the SDK it pins, and names from this file.

/** What `loadService(options)` takes; the same in both entry points. */
export interface LoadServiceOptions {
  /** Your public key (`pk_...`); never the private one. */
  publicKey: string;
  /** `true` against the sandbox, `false` in production. */
  sandbox: boolean;
  /** The service's URL (its origin is used): the sandbox server's while you test. */
  apiUrl: string;
  /** The shopper's language (`es-ES`); default: the page's `<html lang>`, else the browser's. */
  locale?: string;
  /** Load the loader this package's version names, at its versioned address, with its
   * Subresource Integrity hash (`service-js` only: `service-js/bundled` carries those bytes). */
  pinned?: boolean;
}

/** The `service` object: `service.ready`, `button()`, `checkout()`, `init()`, `push()`. */
export type Service = ServiceSDK.Service;
/** What `service.checkout(id, callbacks)` takes. */
export type CheckoutCallbacks = ServiceSDK.CheckoutCallbacks;
/** What `service.checkout(id, callbacks)` returns. */
export type CheckoutHandle = ReturnType<ServiceSDK.Service['checkout']>;
/** How a checkout closes (`onClose`'s first argument). */
export type ClosingStatus = ServiceSDK.ClosingStatus;
/** What `service.button(options)` takes. */
export type ButtonOptions = ServiceSDK.ButtonOptions;

/** `loadService(options)`: a Promise of the `service` object, or of `null` where there is no
 * `window` (server rendering). Every call on a page gets the first call's Promise. */
export type LoadService = (options: LoadServiceOptions) => Promise<Service | null>;
