import * as layout from '@app/ui/layout.css';
import { Link } from '@tanstack/react-router';
import * as styles from './Footer.css.ts';
import { PageLinks } from './PageLinks.tsx';

// The spec leaves the blog and FAQ as placeholders (spec 2, shared elements).
const PLACEHOLDERS = [
  { href: '/blog', label: 'Blog' },
  { href: '/faq', label: 'FAQ' },
] as const;

const LEGAL = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
] as const;

const SOCIAL = [
  { href: 'https://www.facebook.com/', label: 'Facebook' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn' },
] as const;

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.root}>
      <div className={layout.container}>
        <div className={styles.columns}>
          <div>
            <p className={styles.brand}>Accountability Partners</p>
            <p>Accountability is a superpower. Find a team that asks whether you did that thing.</p>
          </div>
          <nav aria-labelledby="footer-quick-links">
            <h2 id="footer-quick-links" className={styles.heading}>
              Quick Links
            </h2>
            <PageLinks listClass={styles.list} linkClass={styles.link} withHome />
          </nav>
          <nav aria-labelledby="footer-resources">
            <h2 id="footer-resources" className={styles.heading}>
              Resources
            </h2>
            <ul className={styles.list}>
              {PLACEHOLDERS.map((item) => (
                <li key={item.href}>
                  <a href={item.href} className={styles.link}>
                    {item.label}
                  </a>
                </li>
              ))}
              {LEGAL.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className={styles.link}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-social">
            <h2 id="footer-social" className={styles.heading}>
              Follow Us
            </h2>
            <ul className={styles.list}>
              {SOCIAL.map((item) => (
                <li key={item.href}>
                  <a
                    href={item.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={styles.link}
                  >
                    {item.label}
                    <span className={layout.visuallyHidden}> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className={styles.bottom}>© {year} Accountability Partners. All rights reserved.</p>
      </div>
    </footer>
  );
}
