import { button } from '@app/ui/button.css';
import * as layout from '@app/ui/layout.css';
import { Link } from '@tanstack/react-router';
import { TestimonialCard } from '../components/TestimonialCard.tsx';
import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import { SUPPORT_AREAS } from '../content/areas.ts';
import { HOME_TESTIMONIALS } from '../content/testimonials.ts';
// The hero picture is the largest thing on a phone's first screen: it comes inside the page's HTML
// (a data URL, 3 KB; URL-encoded rather than base64, which would compress to half again as much),
// so it paints with the text instead of after a second round trip. It holds no text: words in an
// SVG picture have the browser match fonts for the picture's own document on the main thread
// (6-28 ms a first load here, against about 3 ms for the same picture without its five lines),
// enough to make the page's start-up tasks long on a slow phone; the alt text says what it shows.
import bannerSvg from '../images/banner.svg?raw';
import * as styles from './HomePage.css.ts';

const BANNER = `data:image/svg+xml,${encodeURIComponent(bannerSvg)}`;

const FEATURES = [
  {
    title: 'Accountability Partners',
    text: 'Join a small team of peers who ask whether you did that thing, and who you ask in return.',
    icon: 'M7 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm10 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c0-3 2.2-5 5-5s5 2 5 5M12 20c0-3 2.2-5 5-5s5 2 5 5',
  },
  {
    title: 'Regular Check-ins',
    text: 'A one-minute follow-up five days a week and two short calls a week keep your goal in front of you.',
    icon: 'M4 5h16v15H4zM4 9h16M8 3v4M16 3v4M8 14l2.5 2.5L16 12',
  },
  {
    title: 'Motivation Boost',
    text: 'Celebrate each win together, and get straight back on track after a miss instead of quitting.',
    icon: 'M13 2L4 14h7l-1 8 9-12h-7z',
  },
] as const;

const AREA_ICONS: Record<(typeof SUPPORT_AREAS)[number]['id'], string> = {
  work: 'M4 8h16v11H4zM9 8V5h6v3M4 13h16',
  school: 'M2 9l10-5 10 5-10 5zM6 11v5c0 1.5 3 3 6 3s6-1.5 6-3v-5',
  god: 'M12 3v18M7 8h10',
  other: 'M12 3l2.5 5.5L20 9l-4 4 1 6-5-3-5 3 1-6-4-4 5.5-.5z',
};

function Icon({ d }: { d: string }) {
  return (
    <svg
      width="28"
      height="28"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

export function HomePage() {
  usePageTitle(undefined);
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-heading">
        <div className={`${layout.container} ${styles.heroGrid}`}>
          <div>
            <p className={styles.tagline}>Accountability is a superpower</p>
            <h1 id="hero-heading" className={ui.h1}>
              Reach your goals with a team that asks if you did that thing
            </h1>
            <p className={styles.heroText}>
              Get accountability partners, regular check-ins and a motivation boost from a small
              team of peers who want you to succeed.
            </p>
            <Link to="/onboarding" className={button.primary}>
              Get Started
            </Link>
          </div>
          <img
            src={BANNER}
            alt="Three teammates on a video call, each ticking off a goal on a shared checklist"
            width={640}
            height={480}
            className={styles.heroImage}
          />
        </div>
      </section>

      <section className={ui.section} aria-labelledby="areas-heading">
        <div className={layout.container}>
          <h2 id="areas-heading" className={ui.h2}>
            Around which area would you like support?
          </h2>
          <ul className={`${ui.grid4} ${layout.plainList}`}>
            {SUPPORT_AREAS.map((area) => (
              <li key={area.id} className={ui.stretch}>
                <Link
                  to="/onboarding/$category/$step"
                  params={{ category: area.id, step: 'role' }}
                  className={styles.areaCard}
                >
                  <span className={styles.areaIcon}>
                    <Icon d={AREA_ICONS[area.id]} />
                  </span>
                  <span className={styles.areaTitle}>{area.title}</span>
                  <span className={layout.muted}>{area.description}</span>
                  <span className={styles.areaMore} aria-hidden="true">
                    Choose {area.title} →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={ui.sectionAlt} aria-labelledby="features-heading">
        <div className={layout.container}>
          <h2 id="features-heading" className={ui.h2}>
            How We Help You Achieve Your Goals
          </h2>
          <div className={ui.grid3}>
            {FEATURES.map((feature) => (
              <article key={feature.title} className={layout.card}>
                <span className={styles.featureIcon}>
                  <Icon d={feature.icon} />
                </span>
                <h3 className={ui.h3}>{feature.title}</h3>
                <p className={layout.muted}>{feature.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className={ui.section} aria-labelledby="testimonials-heading">
        <div className={layout.container}>
          <h2 id="testimonials-heading" className={ui.h2}>
            What People Are Saying
          </h2>
          <div className={ui.grid2}>
            {HOME_TESTIMONIALS.map((testimonial) => (
              <TestimonialCard
                key={testimonial.name}
                testimonial={testimonial}
                showAchievement={false}
              />
            ))}
          </div>
        </div>
      </section>

      <section className={ui.sectionDark} aria-labelledby="process-heading">
        <div className={`${layout.container} ${styles.processGrid}`}>
          <div>
            <h2 id="process-heading" className={styles.processHeading}>
              Our Process for Your Success
            </h2>
            <p className={styles.processText}>
              Our formula combines seven ingredients: goal setting, accountability, tracking
              progress, pre-commitment and pre-planning, social expectations, timely dose-sized
              productivity content and top coaches. Together they turn good intentions into finished
              work.
            </p>
            <Link to="/onboarding" className={button.onDark}>
              Get Success - Try It Out
            </Link>
          </div>
          <img
            src="/images/formula.svg"
            alt="The formula for success: seven ingredients, from goal setting to top coaches, adding up to success"
            width={640}
            height={420}
            loading="lazy"
            className={styles.formula}
          />
        </div>
      </section>

      <section className={ui.section} aria-labelledby="scripture-heading">
        <div className={`${layout.container} ${styles.scripture}`}>
          <h2 id="scripture-heading" className={layout.visuallyHidden}>
            Why we do this
          </h2>
          <figure className={ui.figure}>
            <blockquote className={styles.verse}>
              <p>
                “And let us consider how we may spur one another on toward love and good deeds.”
              </p>
            </blockquote>
            <figcaption className={styles.reference}>Hebrews 10:24</figcaption>
          </figure>
          <div className={ui.center}>
            <Link to="/how-it-works" className={button.secondary}>
              How It Works
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
