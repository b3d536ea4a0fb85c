import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from './queryClient.ts';

/**
 * The signed-in admin's data cache, around a shell's frame. It lives as long as the frame: signing out
 * unmounts the frame and drops the cache, so the next account never sees the last one's data.
 */
export function DataProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
