// service-js/bundled: the loader in your own bundle, served from your origin.
export * from './options.js';
import type { LoadService } from './options.js';

/** Runs the loader this package carries (the version `LOADER_VERSION` names) in the page and
 * configures it with `service.init()`; `pinned` has nothing to add here. */
export declare const loadService: LoadService;
/** The loader version this package carries: the version part of its own version. */
export declare const LOADER_VERSION: string;
