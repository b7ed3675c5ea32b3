import { button } from '@app/ui/button.css';
import * as layout from '@app/ui/layout.css';
import { Link } from '@tanstack/react-router';
import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import * as styles from './PricingPage.css.ts';

export function PricingPage() {
  usePageTitle('Pricing');
  return (
    <>
      <section className={ui.pageHeader}>
        <div className={layout.container}>
          <h1 className={ui.h1}>Pricing</h1>
          <p className={ui.lead}>Simple: it is free.</p>
        </div>
      </section>
      <section className={ui.section} aria-label="Plan">
        <div className={layout.container}>
          <article className={styles.plan}>
            <h2 className={ui.h3}>Every member</h2>
            <p className={styles.price}>$0</p>
            <p className={layout.muted}>for all users</p>
            <ul className={styles.features}>
              <li>✓ A matched team of accountability partners</li>
              <li>✓ Daily one-minute follow-ups</li>
              <li>✓ Twice-weekly check-in calls</li>
            </ul>
            <p className={styles.note}>A freemium model is planned in 30-60 days.</p>
            <Link to="/onboarding" className={button.primary}>
              Get Started
            </Link>
          </article>
        </div>
      </section>
    </>
  );
}
