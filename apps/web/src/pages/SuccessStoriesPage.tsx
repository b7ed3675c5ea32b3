import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';

export function SuccessStoriesPage() {
  usePageTitle('Success Stories');
  return (
    <section className={ui.pageHeader}>
      <div className={ui.container}>
        <h1 className={ui.h1}>Success Stories</h1>
      </div>
    </section>
  );
}
