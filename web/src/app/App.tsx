import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './Providers';
import { createRouter } from './router';
import { createQueryClient } from './queryClient';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createRouter(queryClient));
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
