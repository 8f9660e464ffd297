import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

import { routes } from './routes';
import './shop.css';

// StrictMode: in development React mounts every component twice and runs its effects twice, as
// it will when it brings a view back; the SDK's loading and the checkout's cleanup hold up to it.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={createBrowserRouter(routes)} />
  </StrictMode>,
);
