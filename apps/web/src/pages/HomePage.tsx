import { Link } from '@tanstack/react-router';
import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';

export function HomePage() {
  usePageTitle(undefined);
  return (
    <section className={ui.pageHeader}>
      <div className={ui.container}>
        <h1 className={ui.h1}>Accountability is a superpower</h1>
        <Link to="/" className={ui.button.primary}>
          Get Started
        </Link>
      </div>
    </section>
  );
}
