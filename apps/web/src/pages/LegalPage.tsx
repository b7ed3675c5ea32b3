import * as layout from '@app/ui/layout.css';
import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import { type LegalDocument, PRIVACY, TERMS } from '../content/legal.ts';
import * as styles from './LegalPage.css.ts';

function LegalPage({ document }: { document: LegalDocument }) {
  usePageTitle(document.title);
  return (
    <>
      <section className={ui.pageHeader}>
        <div className={layout.container}>
          <h1 className={ui.h1}>{document.title}</h1>
          <p className={ui.lead}>{document.summary}</p>
        </div>
      </section>
      <section className={ui.section}>
        <div className={`${layout.container} ${styles.body}`}>
          <p className={styles.updated}>Last updated: {document.updated}</p>
          {document.sections.map((section) => (
            <section key={section.heading} aria-labelledby={headingId(section.heading)}>
              <h2 id={headingId(section.heading)} className={styles.heading}>
                {section.heading}
              </h2>
              {section.paragraphs.map((text) => (
                <p key={text}>{text}</p>
              ))}
              {section.items ? (
                <ul className={ui.spacedList}>
                  {section.items.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </div>
      </section>
    </>
  );
}

function headingId(heading: string): string {
  return heading.toLowerCase().replace(/[^a-z]+/g, '-');
}

export function PrivacyPage() {
  return <LegalPage document={PRIVACY} />;
}

export function TermsPage() {
  return <LegalPage document={TERMS} />;
}
