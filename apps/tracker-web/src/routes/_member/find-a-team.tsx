import { call } from '@app/api-client/endpoints';
import { MEMBER_API } from '@app/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { messageOf } from '../../api/errors.ts';
import { type FindTeamData, FindTeamPage } from '../../pages/member/FindTeamPage.tsx';

/** `?seat=&key=`: a seat held on the site, handed over to this sign-in (the site's account step). */
interface HandOverSearch {
  seat?: string | undefined;
  key?: string | undefined;
}

const text = (value: unknown) =>
  typeof value === 'string' && value.length <= 200 ? value : undefined;

async function loadFindTeam({ seat, key }: HandOverSearch): Promise<FindTeamData> {
  const state = await call(MEMBER_API.getTeamSearch);
  if (seat === undefined || key === undefined || state.standing !== 'open') {
    return { state, handOverError: null };
  }
  try {
    const held = await call(MEMBER_API.takeHandOver, { holdId: seat, token: key });
    return { state: { ...state, held }, handOverError: null };
  } catch (failure) {
    // The seat could not come over (run out, given back, another account's): say so, and let the
    // member choose again; a seat of their own held here before is still shown.
    return { state, handOverError: messageOf(failure) };
  }
}

export const Route = createFileRoute('/_member/find-a-team')({
  validateSearch: (search: Record<string, unknown>): HandOverSearch => ({
    seat: text(search.seat),
    key: text(search.key),
  }),
  loaderDeps: ({ search }) => search,
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ deps }) => loadFindTeam(deps),
  component: FindTeamPage,
});
