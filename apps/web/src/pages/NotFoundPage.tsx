import { NOT_FOUND_MESSAGE } from '@app/contracts';
import { button } from '@app/ui/button.css';
import * as layout from '@app/ui/layout.css';
import { Link, useLocation } from '@tanstack/react-router';
import * as ui from '../components/ui.css.ts';
import { useHydrated } from '../components/useHydrated.ts';
import { usePageTitle } from '../components/usePageTitle.ts';

export function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });
  usePageTitle('Page not found');
  const hydrated = useHydrated();
  return (
    <section className={ui.pageHeader}>
      <div className={layout.container}>
        <h1 className={ui.h1}>{NOT_FOUND_MESSAGE}</h1>
        <p className={ui.lead}>
          {/* One HTML page stands for every unknown address (the site sends it for all of them):
              the address is filled in once the page's script has taken it over. */}
          There is no page at {hydrated ? <code>{pathname}</code> : 'this address'}. It may have
          moved, or the link may be mistyped.
        </p>
        {import.meta.env.DEV ? (
          // Spec 2's developer hint, for developers only: visitors never see it.
          <p className={ui.lead}>
            Developer hint: every page is a file in <code>apps/web/src/routes</code>; add one there
            to serve this path.
          </p>
        ) : null}
        <div className={ui.center}>
          <Link to="/" className={button.primary}>
            Back to the home page
          </Link>
        </div>
      </div>
    </section>
  );
}
