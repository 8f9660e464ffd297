/* For tsc only (`make lint`): the names the SDK's page scripts use that no library declares. */

/** Written into loader.js by the build (sdk/tooling/build.py): what the loader reports. */
declare const __WATCH__: { selector: string; attributes: string[]; button: string; checked: string[] };

/** Where the build puts the loader's parts, in sdk/loader/wrapper.js (sdk/tooling/loader_text.py). */
declare const __PARTS__: void;

/** Module loaders a merchant page may have, which the loader hands the `service` object. */
interface Window {
  define?: ((factory: () => unknown) => void) & { amd?: unknown };
}
declare var module: { exports: unknown } | undefined;
