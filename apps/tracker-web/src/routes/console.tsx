import { createFileRoute, Outlet } from '@tanstack/react-router';

/** The operators' console: each page loads its own data and checks the session on the server. */
export const Route = createFileRoute('/console')({ component: Outlet });
