import { Outlet } from '@tanstack/react-router';

export function MemberLayout() {
  return <Outlet />;
}
