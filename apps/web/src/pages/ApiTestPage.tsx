import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';

export function ApiTestPage() {
  usePageTitle('API Test and Status');
  return (
    <section className={ui.pageHeader}>
      <div className={ui.container}>
        <h1 className={ui.h1}>API Test and Status</h1>
      </div>
    </section>
  );
}
