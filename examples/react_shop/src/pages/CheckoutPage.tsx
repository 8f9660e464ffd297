import { Link, useParams, useSearchParams } from 'react-router';

import { money, useCatalogue } from '../catalogue';
import { PayButton } from '../components/PayButton';
import type { ProductType } from '../components/PaymentOffer';

const TYPES: ProductType[] = ['instalments', 'pay_later', 'pay_in_4'];

/** The order's summary and the pay button. */
export function CheckoutPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const catalogue = useCatalogue();
  const quantity = Number(search.get('quantity') || '1');
  const type = TYPES.find((known) => known === search.get('type')) ?? 'instalments';
  if (!catalogue) return <p role="status">Loading prices…</p>;
  const product = catalogue.products.find((candidate) => candidate.id === id);
  if (!product) return <p>No such product. <Link to="/">See the catalogue</Link></p>;
  const total = money(product.price * quantity, catalogue.currency);
  return (
    <>
      <h1>Checkout</h1>
      <p>
        {quantity} × {product.name}: {total}
      </p>
      <PayButton product={product.id} quantity={quantity} type={type} label={`Pay ${total}`} />
    </>
  );
}
