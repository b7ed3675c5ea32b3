import * as styles from './Stars.css.ts';

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z';

/** A 1-5 star rating, read out as 'Rated N out of 5'. */
export function Stars({ rating }: { rating: number }) {
  return (
    <p className={styles.root} role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((position) => (
        <svg
          key={position}
          width="20"
          height="20"
          viewBox="0 0 20 20"
          aria-hidden="true"
          focusable="false"
          className={position <= rating ? styles.filled : styles.empty}
        >
          <path d={STAR_PATH} />
        </svg>
      ))}
    </p>
  );
}
