import { JOIN_RESPONSE_DAYS } from '@app/contracts';
import { HttpError, notFound } from '@app/server-kit';
import type { TrackerContext } from './context.ts';

export async function decideJoinRequest(
  ctx: TrackerContext,
  id: number,
  decision: 'approved' | 'declined',
) {
  const { repos, database } = ctx;
  const now = ctx.trackerConfig.now();
  await database.db.transaction(async (tx) => {
    const request = await repos.joinRequests.getForUpdate(id, tx);
    if (!request) throw notFound('Join request');
    if (request.status !== 'pending') {
      throw new HttpError(
        'JOIN_REQUEST_DECIDED',
        `This join request has already been ${request.status}.`,
      );
    }
    const team = await repos.teams.findRow(request.teamId, tx);
    const user = await repos.users.get(request.userId, tx);
    if (!team || !user) throw notFound('Join request');
    if (decision === 'approved') {
      if ((await repos.teams.activeMemberCount(team.id, tx)) >= team.capacity) {
        throw new HttpError('TEAM_FULL', `Team "${team.name}" is full.`);
      }
      await repos.teams.setMembershipStatus(request.membershipId, 'Active', tx);
    } else {
      await repos.teams.setMembershipStatus(request.membershipId, 'Inactive', tx);
    }
    await repos.joinRequests.decide(id, decision, now, tx);
    await repos.outbox.enqueue(
      decision === 'approved'
        ? {
            kind: 'join-approved',
            to: user.email,
            subject: `You're in: welcome to Team ${team.name}`,
            text: [
              `Hi ${user.name},`,
              '',
              `Good news: your join request to Team ${team.name} was approved. Your teammates will check in with you soon.`,
            ].join('\n'),
          }
        : {
            kind: 'join-declined',
            to: user.email,
            subject: `About your request to join Team ${team.name}`,
            text: [
              `Hi ${user.name},`,
              '',
              `Your join request to Team ${team.name} was not accepted this time. We will look for another team for you within ${JOIN_RESPONSE_DAYS} days.`,
            ].join('\n'),
          },
      tx,
    );
  });
  ctx.mailer.kick();
  return { id, status: decision };
}
