// The financing service's SDK in the app: loaded once (service-js keeps one script tag however
// many components ask), pinned to the loader this version of service-js names.
import { useEffect, useState } from 'react';
import { loadService, type Service } from 'service-js';

function setting(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
}

/** The SDK, for code that needs it now (a click that starts a checkout): the same Promise for
 * every call, `null` on a server. */
export function sdk(): Promise<Service | null> {
  return loadService({
    publicKey: setting('service-public-key'),
    sandbox: true,
    apiUrl: setting('service-url'),
    pinned: true,
  });
}

/** The SDK in a component: `null` until it has loaded. Under StrictMode the effect runs twice
 * and still adds one tag. */
export function useService(): Service | null {
  const [service, setService] = useState<Service | null>(null);
  useEffect(() => {
    let mounted = true;
    sdk().then(
      (loaded) => mounted && setService(loaded),
      (error: unknown) => console.error(error),
    );
    return () => {
      mounted = false;
    };
  }, []);
  return service;
}
