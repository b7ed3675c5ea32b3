import * as styles from './HomePage.css.ts';
import { initialsOf, photoUrl } from './photo.ts';

/** A member's photo, or their initials in a circle when they have none. */
export function Avatar({ name, photo }: { name: string; photo: string | null }) {
  const src = photoUrl(photo);
  if (src === null) {
    // The name is written beside it: the letters would only repeat it to a screen reader.
    return (
      <span className={styles.initials} aria-hidden="true" data-testid="initials">
        {initialsOf(name)}
      </span>
    );
  }
  return <img src={src} alt={name} width={64} height={64} className={styles.photo} />;
}
