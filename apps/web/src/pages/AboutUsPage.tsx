import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';

export function AboutUsPage() {
  usePageTitle('About Us');
  return (
    <section className={ui.pageHeader}>
      <div className={ui.container}>
        <h1 className={ui.h1}>About Us</h1>
      </div>
    </section>
  );
}
