import { button } from '@app/ui/button.css';
import { Link, useLocation } from '@tanstack/react-router';
import { usePageTitle } from '../components/usePageTitle.ts';
import * as ui from '../styles/ui.css.ts';

export function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });
  usePageTitle('Page not found');
  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>Page not found</h1>
      <p className={ui.lead}>
        There is no page at <code>{pathname}</code>. The link may be mistyped or out of date.
      </p>
      <p>
        <Link to="/" className={button.primary}>
          Go to your home page
        </Link>
      </p>
    </div>
  );
}
