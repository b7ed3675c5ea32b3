import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';

export function ConfirmEmailPage() {
  usePageTitle('Confirm your email');
  return (
    <section className={ui.pageHeader}>
      <div className={ui.container}>
        <h1 className={ui.h1}>Confirm your email</h1>
      </div>
    </section>
  );
}
