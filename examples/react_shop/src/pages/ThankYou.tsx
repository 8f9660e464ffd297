import { useSearchParams } from 'react-router';

export function ThankYou() {
  const [search] = useSearchParams();
  return (
    <>
      <h1>{search.get('pending') ? 'Thank you! Your order is being reviewed.' : 'Thank you! Your order is confirmed.'}</h1>
      <p>Order {search.get('order')}</p>
    </>
  );
}
