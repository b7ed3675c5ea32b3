import type { NormalisedMember } from '@app/contracts';
import * as styles from './TeamMembers.css.ts';

/** The team's heading when it has a seat for the person (spec 2, the team step). */
export const luckyHeading = (teamName: string) =>
  `You're in luck! Team "${teamName}" has one slot left.`;

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

function Avatar({ name, photo }: { name: string; photo: string | null }) {
  if (photo === null) {
    return (
      <span className={styles.avatarInitials} aria-hidden="true">
        {initials(name)}
      </span>
    );
  }
  return <img className={styles.avatar} src={photo} alt="" width={48} height={48} loading="lazy" />;
}

/**
 * A matched team's members and the dashed 'Your spot' where the person would sit: the site's team
 * step and the tracker's Find a team page show a team this one way.
 */
export function TeamMembers({
  teamName,
  members,
}: {
  teamName: string;
  members: readonly NormalisedMember[];
}) {
  return (
    <ul className={styles.members} aria-label={`Members of Team ${teamName}`}>
      {members.map((member) => (
        <li key={member.id} className={styles.member}>
          <Avatar name={member.name} photo={member.photo} />
          {/* Spec 2: photo, name, about and the goal in quotes, all shown. */}
          <div className={styles.memberText}>
            <h2 className={styles.memberName}>{member.name}</h2>
            <p className={styles.about}>{member.aboutMe}</p>
            <p className={styles.goal}>"{member.goalSummary}"</p>
          </div>
        </li>
      ))}
      <li className={styles.yourSpot}>Your spot</li>
    </ul>
  );
}
