import { Link, Outlet } from 'react-router';

import { useService } from '../sdk';

/** Every route's frame. It loads the SDK once for the app: the buttons of whatever route is
 * drawn are the SDK's to check from then on. */
export function Layout() {
  useService();
  return (
    <>
      <header>
        <Link to="/">Oak &amp; Ash</Link>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  );
}
