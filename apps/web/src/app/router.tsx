import { createBrowserRouter } from 'react-router';
import { RootLayout } from './routes/root-layout';

/** Every page is its own lazily loaded chunk. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { index: true, lazy: () => import('./routes/home') },
      { path: 'products', lazy: () => import('./routes/products') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);
