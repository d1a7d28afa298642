import { renderHook } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** `hook` rendered inside a router that starts at `address`. */
export function renderHookAt<T>(address: string, hook: () => T) {
  return renderHook(hook, {
    wrapper: ({ children }) => {
      const router = createMemoryRouter([{ path: '*', element: children }], {
        initialEntries: [address],
      });
      return <RouterProvider router={router} />;
    },
  });
}
