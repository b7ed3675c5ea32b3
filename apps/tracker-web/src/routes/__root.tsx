import { createRootRoute } from '@tanstack/react-router';
import { RootLayout } from '../layout/RootLayout.tsx';
import { ErrorPage } from '../pages/ErrorPage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});
