import { createFileRoute, Outlet } from '@tanstack/react-router';
import { loadNav } from '../layout/Header.tsx';

/**
 * The operators' console: each page loads its own data and checks the session on the server;
 * the header's console links load beside it.
 */
export const Route = createFileRoute('/console')({
  loader: () => loadNav('console'),
  component: Outlet,
});
