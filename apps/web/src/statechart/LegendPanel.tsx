import { onboardingMachine } from '@app/onboarding';
import { CLOCK_GUARD_AFTER, duration, GUARD_WORDS } from '@app/statechart-tools';
import * as styles from './StatechartPage.css.ts';
import { Swatch } from './Swatch.tsx';

export function LegendPanel() {
  // The words cover the membership's guards too: the legend names the onboarding's.
  const guards = Object.entries(GUARD_WORDS).filter(
    ([name]) => name in onboardingMachine.implementations.guards,
  );
  const delays = Object.entries(onboardingMachine.implementations.delays).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number',
  );
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>Legend</h2>
      <ul className={styles.legend}>
        <li>A box is a state; a box with a title under its name is a screen a prospect sees.</li>
        <li>A double box is an end state; a dot points at the state entered first.</li>
        <li>A grey box holds states; a dashed box is a region that runs beside the others.</li>
        <li>
          An arrow is a transition, labelled “what happens [guard]”: it is taken only when the guard
          in brackets is true; “otherwise” means when the ones before it are not.
        </li>
        <li>
          <Swatch className={styles.edgeStyle.back} /> Go back (screens view)
        </li>
        <li>
          <Swatch className={styles.edgeStyle.expiry} /> the slot hold ran out: back to the team
          step (screens view)
        </li>
        <li>
          <Swatch className={styles.edgeFromActive} /> leaves the current state;{' '}
          <Swatch className={styles.edgeTaken} /> just taken
        </li>
        <li>
          “after” is time: {delays.map(([name, ms]) => `${name} after ${duration(ms)}`).join('; ')};{' '}
          {Object.entries(CLOCK_GUARD_AFTER)
            .map(([name, ms]) => `${GUARD_WORDS[name]?.name ?? name} after ${duration(ms)}`)
            .join('; ')}{' '}
          of the hold.
        </li>
      </ul>
      <h3 className={styles.sectionTitle}>Guards</h3>
      <dl className={styles.facts}>
        {guards.map(([name, words]) => (
          <GuardRow key={name} name={name} words={words} />
        ))}
      </dl>
    </div>
  );
}

function GuardRow({ name, words }: { name: string; words: { name: string; description: string } }) {
  return (
    <>
      <dt className={styles.term}>
        {words.name} <span className={styles.code}>({name})</span>
      </dt>
      <dd className={styles.value}>{words.description}</dd>
    </>
  );
}
