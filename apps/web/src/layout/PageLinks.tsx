import { Link } from '@tanstack/react-router';

export const NAV_LINKS = [
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/success-stories', label: 'Success Stories' },
  { to: '/about-us', label: 'About Us' },
  { to: '/pricing', label: 'Pricing' },
] as const;

/** The site's page links as a list: the header's menu and the footer's Quick Links. */
export function PageLinks({
  listClass,
  linkClass,
  withHome = false,
}: {
  listClass: string;
  linkClass: string;
  withHome?: boolean;
}) {
  const links = withHome ? [{ to: '/', label: 'Home' } as const, ...NAV_LINKS] : NAV_LINKS;
  return (
    <ul className={listClass}>
      {links.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className={linkClass}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
