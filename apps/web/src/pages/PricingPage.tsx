import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';

export function PricingPage() {
  usePageTitle('Pricing');
  return (
    <section className={ui.pageHeader}>
      <div className={ui.container}>
        <h1 className={ui.h1}>Pricing</h1>
      </div>
    </section>
  );
}
