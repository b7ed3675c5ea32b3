import { call } from '@app/api-client/endpoints';
import { MEMBER_API } from '@app/contracts';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { usePageTitle } from '../components/usePageTitle.ts';
import { SignOutButton } from '../layout/SignOutButton.tsx';
import { safeNext } from '../navigation.ts';
import * as ui from '../styles/ui.css.ts';
import { PasswordChangeForm } from './PasswordChangeForm.tsx';

/**
 * After a sign-in with a password the tracker's rule refuses (an account made on the site, whose
 * hint is not enforced): the session can do nothing else until a new password is set
 * (PASSWORD_CHANGE_REQUIRED), which the same rule checks. Then on to where the member was going,
 * by way of an operator's authenticator code.
 */
export function NewPasswordPage({ next }: { next?: string | undefined }) {
  usePageTitle('Choose a new password');
  const navigate = useNavigate();
  const router = useRouter();
  const done = async () => {
    router.clearCache();
    const after = safeNext(next);
    const session = await call(MEMBER_API.getSession).catch(() => null);
    if (session?.secondFactor === 'required') {
      await navigate({ to: '/second-factor', search: { next: after }, replace: true });
    } else if (session?.secondFactor === 'enrol') {
      await navigate({ to: '/console/second-factor', replace: true });
    } else {
      const home = session?.member.role === 'operator' ? '/console' : '/';
      await navigate({ href: after ?? home, replace: true });
    }
  };

  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 id="new-password-title" className={ui.h1}>
        Choose a new password
      </h1>
      <p>
        The password you signed in with is too easy to guess. Choose a new one before you go on:
        your other devices will be signed out.
      </p>
      <PasswordChangeForm
        labelledBy="new-password-title"
        submitLabel="Set new password"
        done={done}
        actions={<SignOutButton />}
      />
    </div>
  );
}
