import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './route-error';

function Broken(): never {
  throw new Error('render failed');
}

describe('RouteError', () => {
  it("shows 'Unexpected Application Error!' with a way home when a page throws while rendering", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteError /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('shows a not-found screen for a 404 thrown by a route', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw new Response('missing', { status: 404 });
        },
        element: <p>never</p>,
        errorElement: <RouteError />,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
