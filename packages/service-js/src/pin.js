// The loader this package's version names, written in by the build (sdk/tooling/npm_package.py)
// from the loader the SDK's tree builds: its version (the 12 hex digits /sdk.json names it by)
// and its Subresource Integrity hash.
export const PACKAGE_VERSION = '__PACKAGE_VERSION__';
export const LOADER_VERSION = '__LOADER_VERSION__';
export const LOADER_INTEGRITY = '__LOADER_INTEGRITY__';
