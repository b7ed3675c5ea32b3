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
      <div className={styles.person}>
        <img
          src={testimonial.image}
          alt={`Portrait of ${testimonial.name}`}
          width={64}
          height={64}
          loading="lazy"
          className={styles.photo}
        />
        <figcaption>
          <span className={styles.name}>{testimonial.name}</span>
          <span className={styles.role}>{testimonial.role}</span>
        </figcaption>
      </div>
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
