import { TopBar } from '@shopify/polaris';
import { ExitIcon, PersonIcon } from '@shopify/polaris-icons';
import type { TSessionUser } from '@quizlead/shared/schemas/auth.ts';
import { ApiError, errorNotice } from '@quizlead/web/admin/api/client.ts';
import { sessionUserAtom } from '@quizlead/web/admin/session.ts';
import { useShowToast } from '@quizlead/web/admin/toast.ts';
import { adminUrl } from '@quizlead/web/admin/urls.ts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { signOut } from '../api/auth.ts';
import { noticeState } from '../auth/notice.ts';

interface Props {
  user: TSessionUser;
  onNavigationToggle(): void;
}

export function ShellTopBar({ user, onNavigationToggle }: Props) {
  const navigate = useNavigate();
  const setUser = useSetAtom(sessionUserAtom);
  const showToast = useShowToast();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: moving to another page closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;

  async function leave() {
    try {
      await signOut();
    } catch (error) {
      // 401: the session was already gone, which is what signing out wanted.
      if (!(error instanceof ApiError && error.status === 401)) {
        showToast(errorNotice(error), { error: true });
        return;
      }
    }
    setUser(null);
    navigate('/index.html', { replace: true, state: noticeState('signedOut') });
  }

  const userMenu = (
    <TopBar.UserMenu
      name={user.name}
      detail={user.companyName || user.email}
      initials={initials(user.name || user.email)}
      accessibilityLabel={`Account menu for ${user.name || user.email}`}
      avatar={user.picture ?? undefined}
      open={menuOpen}
      onToggle={() => setMenuOpenOn(menuOpen ? null : pathname)}
      actions={[
        {
          items: [
            { content: 'Profile Setting', icon: PersonIcon, url: adminUrl('Account') },
            { content: 'Sign out', icon: ExitIcon, onAction: () => void leave() },
          ],
        },
      ]}
    />
  );

  return <TopBar showNavigationToggle userMenu={userMenu} onNavigationToggle={onNavigationToggle} />;
}

/** First and last initials: 'Grace Brewster Hopper' is GH. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0], words.at(-1)] : words;
  return picked.map((word) => word?.[0]?.toUpperCase() ?? '').join('');
}
