import { useEffect, useState } from 'react';

export interface Product {
  id: string;
  name: string;
  /** Minor units: 45000 is 450.00. */
  price: number;
}

export interface Catalogue {
  currency: string;
  products: Product[];
}

/** The catalogue from the shop's server (its prices can change), or `null` while it comes. */
export function useCatalogue(): Catalogue | null {
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  useEffect(() => {
    const request = new AbortController();
    fetch('/api/products', { signal: request.signal })
      .then((answer) => answer.json() as Promise<Catalogue>)
      .then(setCatalogue, (error: unknown) => request.signal.aborted || console.error(error));
    return () => request.abort();
  }, []);
  return catalogue;
}

/** 45000 EUR as "450.00 EUR". */
export function money(amount: number, currency: string): string {
  return `${(amount / 100).toFixed(2)} ${currency}`;
}
