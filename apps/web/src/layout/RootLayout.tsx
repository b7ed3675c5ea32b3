import { Outlet } from '@tanstack/react-router';
import * as ui from '../components/ui.css.ts';
import { Toaster } from '../toast/index.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import * as styles from './RootLayout.css.ts';

export function RootLayout() {
  return (
    <div className={styles.shell}>
      <a href="#main" className={ui.skipLink}>
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
