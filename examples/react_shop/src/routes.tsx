import type { RouteObject } from 'react-router';

import { Catalogue } from './pages/Catalogue';
import { CheckoutPage } from './pages/CheckoutPage';
import { Declined } from './pages/Declined';
import { Layout } from './pages/Layout';
import { ProductPage } from './pages/ProductPage';
import { ThankYou } from './pages/ThankYou';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Catalogue /> },
      { path: '/products/:id', element: <ProductPage /> },
      { path: '/checkout/:id', element: <CheckoutPage /> },
      { path: '/thank-you', element: <ThankYou /> },
      { path: '/declined', element: <Declined /> },
    ],
  },
];
