import { useEffect, useState, type RefObject } from 'react';

/** What the SDK says on `service:availability`, an event that bubbles from each button and
 * payment-information element whose availability changes. */
export interface Availability {
  available: boolean;
  reason: string | null;
}

/** The availability of the SDK's button in `ref`, as React state: `null` until the SDK has said. */
export function useAvailability(ref: RefObject<HTMLElement | null>): Availability | null {
  const [availability, setAvailability] = useState<Availability | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const listener = (event: Event) => setAvailability((event as CustomEvent<Availability>).detail);
    element.addEventListener('service:availability', listener);
    return () => element.removeEventListener('service:availability', listener);
  }, [ref]);
  return availability;
}
