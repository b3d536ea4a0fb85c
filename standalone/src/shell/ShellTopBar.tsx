import { TopBar } from '@shopify/polaris';
import { ExitIcon, PersonIcon } from '@shopify/polaris-icons';
import type { TSessionUser } from '@quizlead/shared/schemas/auth.ts';
import { ApiError, errorNotice } from '@quizlead/web/admin/api/client.ts';
import { sessionUserAtom } from '@quizlead/web/admin/session.ts';
import { useShowToast } from '@quizlead/web/admin/toast.ts';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
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
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => setMenuOpen(false), [pathname]);

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
      onToggle={() => setMenuOpen((open) => !open)}
      actions={[
        {
          items: [
            { content: 'Profile Setting', icon: PersonIcon, url: '/app/Account' },
            { content: 'Sign out', icon: ExitIcon, onAction: () => void leave() },
          ],
        },
      ]}
    />
  );

  return <TopBar showNavigationToggle userMenu={userMenu} onNavigationToggle={onNavigationToggle} />;
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
