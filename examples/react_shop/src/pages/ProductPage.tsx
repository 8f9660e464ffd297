import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { money, useCatalogue } from '../catalogue';
import { PaymentOffer, type ProductType } from '../components/PaymentOffer';

/** One product, with a quantity picker: its payment buttons follow the total. */
export function ProductPage() {
  const { id } = useParams();
  const catalogue = useCatalogue();
  const navigate = useNavigate();
  const [quantity, setQuantity] = useState(1);
  if (!catalogue) return <p role="status">Loading prices…</p>;
  const product = catalogue.products.find((candidate) => candidate.id === id);
  if (!product) return <p>No such product. <Link to="/">See the catalogue</Link></p>;
  const total = product.price * quantity;
  const choose = (type: ProductType) => () => navigate(`/checkout/${product.id}?quantity=${quantity}&type=${type}`);
  return (
    <>
      <h1>{product.name}</h1>
      <p>{money(product.price, catalogue.currency)} each</p>
      <div className="quantity">
        <button type="button" aria-label="One fewer" disabled={quantity === 1} onClick={() => setQuantity(quantity - 1)}>
          −
        </button>
        <output aria-label="Quantity">{quantity}</output>
        <button type="button" aria-label="One more" disabled={quantity === 9} onClick={() => setQuantity(quantity + 1)}>
          +
        </button>
      </div>
      <p>Total: {money(total, catalogue.currency)}</p>
      <PaymentOffer type="instalments" amount={total} currency={catalogue.currency} onChoose={choose('instalments')} />
      <PaymentOffer type="pay_later" amount={total} currency={catalogue.currency} onChoose={choose('pay_later')} />
    </>
  );
}
