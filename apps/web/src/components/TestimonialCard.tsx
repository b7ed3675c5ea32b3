import type { Testimonial } from '../content/testimonials.ts';
import { Stars } from './Stars.tsx';
import * as styles from './TestimonialCard.css.ts';

export function TestimonialCard({
  testimonial,
  showAchievement = true,
}: {
  testimonial: Testimonial;
  showAchievement?: boolean;
}) {
  return (
    <figure className={styles.root}>
      {/* The caption must be the figure's first or last child (HTML: figcaption in figure). */}
      <figcaption className={styles.person}>
        <img
          src={testimonial.image}
          alt={`Portrait of ${testimonial.name}`}
          width={64}
          height={64}
          loading="lazy"
          className={styles.photo}
        />
        <span>
          <span className={styles.name}>{testimonial.name}</span>
          <span className={styles.role}>{testimonial.role}</span>
        </span>
      </figcaption>
      <Stars rating={testimonial.rating} />
      <blockquote className={styles.quote}>
        <p>“{testimonial.quote}”</p>
      </blockquote>
      {showAchievement ? (
        <p className={styles.achievement}>
          <span className={styles.achievementLabel}>Achievement: </span>
          {testimonial.achievement}
        </p>
      ) : null}
    </figure>
  );
}
