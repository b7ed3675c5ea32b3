import { RootLayout as Shell } from '@app/ui/root-layout';
import { Outlet, useLocation } from '@tanstack/react-router';
import { Header } from './Header.tsx';

export function RootLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <Shell pathname={pathname} header={<Header />} toastPosition="bottom" padded>
      <Outlet />
    </Shell>
  );
}
