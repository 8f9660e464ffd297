import { Link } from 'react-router';

export function Declined() {
  return (
    <>
      <h1>Your payment was declined.</h1>
      <p>
        <Link to="/">Back to the catalogue</Link>
      </p>
    </>
  );
}
