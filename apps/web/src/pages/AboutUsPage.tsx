import * as layout from '@app/ui/layout.css';
import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import { NEWS, TEAM_BIOS } from '../content/about.ts';
import * as styles from './AboutUsPage.css.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

export function AboutUsPage() {
  usePageTitle('About Us');
  return (
    <>
      <section className={ui.pageHeader}>
        <div className={layout.container}>
          <h1 className={ui.h1}>About Us</h1>
          <p className={ui.lead}>
            We believe accountability is a superpower, and that everyone deserves a few people who
            ask whether they did that thing.
          </p>
        </div>
      </section>

      <section className={ui.section} aria-label="Mission and vision">
        <div className={`${layout.container} ${styles.statements}`}>
          <article className={layout.card}>
            <h2 className={ui.h3}>Our Mission</h2>
            <p className={layout.muted}>
              To help people finish what matters to them by pairing them with a small team of peers
              for regular, friendly check-ins, backed by coaching that fits into a minute a day.
            </p>
          </article>
          <article className={layout.card}>
            <h2 className={ui.h3}>Our Vision</h2>
            <p className={layout.muted}>
              A world where no one works on their goals alone: where asking “did you do that thing?”
              is an everyday act of encouragement at work, at school, in faith and at home.
            </p>
          </article>
        </div>
      </section>

      <section className={ui.sectionAlt} aria-labelledby="team-heading">
        <div className={layout.container}>
          <h2 id="team-heading" className={ui.h2}>
            Our Team
          </h2>
          <div className={ui.grid3}>
            {TEAM_BIOS.map((person) => (
              <article key={person.name} className={`${layout.card} ${styles.bio}`}>
                <img
                  src={person.image}
                  alt={`Portrait of ${person.name}`}
                  width={120}
                  height={120}
                  loading="lazy"
                  className={styles.portrait}
                />
                <h3 className={ui.h3}>{person.name}</h3>
                <p className={styles.role}>{person.role}</p>
                <p className={layout.muted}>{person.bio}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className={ui.section} aria-labelledby="news-heading">
        <div className={layout.container}>
          <h2 id="news-heading" className={ui.h2}>
            In the News
          </h2>
          <div className={ui.grid3}>
            {NEWS.map((item) => (
              <article key={item.title} className={layout.card}>
                <p className={styles.newsMeta}>
                  <span className={styles.badge[item.badge]}>{item.badge}</span>
                  <time dateTime={item.date}>{dateFormat.format(new Date(item.date))}</time>
                </p>
                <h3 className={ui.h3}>{item.title}</h3>
                <p className={layout.muted}>{item.summary}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
