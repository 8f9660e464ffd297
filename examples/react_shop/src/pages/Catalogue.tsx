import { useRef } from 'react';
import { Link } from 'react-router';

import { useAvailability } from '../availability';
import { money, useCatalogue, type Product } from '../catalogue';
import { PaymentOffer } from '../components/PaymentOffer';

/** Every product, with its instalments offer: the buttons appear as the prices arrive. */
export function Catalogue() {
  const catalogue = useCatalogue();
  if (!catalogue) return <p role="status">Loading prices…</p>;
  return (
    <>
      <h1>Furniture</h1>
      <ul className="cards">
        {catalogue.products.map((product) => (
          <ProductCard key={product.id} product={product} currency={catalogue.currency} />
        ))}
      </ul>
    </>
  );
}

function ProductCard({ product, currency }: { product: Product; currency: string }) {
  const offer = useRef<HTMLButtonElement>(null);
  const availability = useAvailability(offer);
  return (
    <li aria-label={product.name}>
      <h2>
        <Link to={`/products/${product.id}`}>{product.name}</Link>
      </h2>
      <p>
        {money(product.price, currency)}
        {availability?.available && <span className="badge">Finance available</span>}
      </p>
      <PaymentOffer ref={offer} type="instalments" amount={product.price} currency={currency} />
    </li>
  );
}
