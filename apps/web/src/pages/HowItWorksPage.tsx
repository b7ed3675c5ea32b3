import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';

export function HowItWorksPage() {
  usePageTitle('How It Works');
  return (
    <section className={ui.pageHeader}>
      <div className={ui.container}>
        <h1 className={ui.h1}>How It Works</h1>
      </div>
    </section>
  );
}
