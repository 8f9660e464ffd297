// service-js: the SDK's script tag, added once, pinned when asked.
export * from './options.js';
import type { LoadService } from './options.js';

/** Adds the SDK's script tag (`<apiUrl>/sdk.js`, or with `pinned` the versioned loader and its
 * integrity) unless the page has one, and resolves with the `service` object once it has run. */
export declare const loadService: LoadService;
/** The loader version this package pins: the version part of its own version. */
export declare const LOADER_VERSION: string;
