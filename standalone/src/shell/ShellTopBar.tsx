import { Icon, InlineStack, Text, TopBar } from '@shopify/polaris';
import {
  ChartVerticalIcon,
  ChatIcon,
  EmailIcon,
  ExitIcon,
  PersonAddIcon,
  PersonIcon,
  PlusIcon,
  QuestionCircleIcon,
  ReplayIcon,
} from '@shopify/polaris-icons';
import type { TSessionUser } from '@quizlead/shared/schemas/auth.ts';
import { ApiError, errorNotice } from '@quizlead/web/admin/api/client.ts';
import { getSupportEmail } from '@quizlead/web/admin/api/contact.ts';
import { useResource } from '@quizlead/web/admin/data/useResource.ts';
import { sessionUserAtom } from '@quizlead/web/admin/session.ts';
import { useShowToast } from '@quizlead/web/admin/toast.ts';
import { adminUrl } from '@quizlead/web/admin/urls.ts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { signOut } from '../api/auth.ts';
import { noticeState } from '../auth/notice.ts';

type TopMenu = 'account' | 'create' | 'help';

interface Props {
  user: TSessionUser;
  onNavigationToggle(): void;
}

export function ShellTopBar({ user, onNavigationToggle }: Props) {
  const navigate = useNavigate();
  const setUser = useSetAtom(sessionUserAtom);
  const showToast = useShowToast();
  const { pathname } = useLocation();
  // A menu belongs to the page it was opened on: moving to another page closes it.
  const [opened, setOpened] = useState<{ on: string; menu: TopMenu } | null>(null);
  const openMenu = opened?.on === pathname ? opened.menu : null;
  const toggle = (menu: TopMenu) => () => setOpened(openMenu === menu ? null : { on: pathname, menu });
  const close = () => setOpened(null);
  const support = useResource(['support-email'], getSupportEmail);
  const supportEmail = support.data;

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
      open={openMenu === 'account'}
      onToggle={toggle('account')}
      actions={[
        {
          items: [
            { content: 'Profile Setting', icon: PersonIcon, url: adminUrl('Account') },
            { content: 'Refer Friend', icon: PersonAddIcon, url: adminUrl('refer-friend') },
            { content: 'Sign out', icon: ExitIcon, onAction: () => void leave() },
          ],
        },
      ]}
    />
  );

  // The spec's Create dropdown and help menu, beside the account menu.
  const secondaryMenu = (
    <InlineStack gap="100" wrap={false}>
      <TopBar.Menu
        activatorContent={<MenuActivator icon={PlusIcon} label="Create" />}
        accessibilityLabel="Create menu"
        open={openMenu === 'create'}
        onOpen={toggle('create')}
        onClose={close}
        actions={[
          {
            items: [
              { content: 'Quiz', icon: QuestionCircleIcon, url: adminUrl('Templates') },
              { content: 'Web Response', icon: ChatIcon, url: adminUrl('Feedback') },
              { content: 'Poll', icon: ChartVerticalIcon, url: adminUrl('poll/create') },
              { content: 'Wheel Spin', icon: ReplayIcon, url: adminUrl('wheel_spinner/create') },
            ],
          },
        ]}
      />
      <TopBar.Menu
        activatorContent={<MenuActivator icon={QuestionCircleIcon} label="Help" />}
        accessibilityLabel="Help menu"
        open={openMenu === 'help'}
        onOpen={toggle('help')}
        onClose={close}
        actions={[
          {
            items: [
              { content: 'Contact Us', icon: EmailIcon, url: adminUrl('Contactus') },
              ...(supportEmail
                ? [{ content: supportEmail, icon: EmailIcon, url: `mailto:${supportEmail}`, external: true }]
                : []),
            ],
          },
        ]}
      />
    </InlineStack>
  );

  return (
    <TopBar showNavigationToggle userMenu={userMenu} secondaryMenu={secondaryMenu} onNavigationToggle={onNavigationToggle} />
  );
}

/** A top-bar menu's button: its icon and its label (on phones the label is for screen readers only). */
function MenuActivator({ icon, label }: { icon: typeof PlusIcon; label: string }) {
  return (
    <InlineStack gap="100" blockAlign="center" wrap={false}>
      <Icon source={icon} tone="inherit" />
      <span className="ql-topbar-menu__label">
        <Text as="span" variant="bodyMd" fontWeight="medium">
          {label}
        </Text>
      </span>
    </InlineStack>
  );
}

/** First and last initials: 'Grace Brewster Hopper' is GH. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0], words.at(-1)] : words;
  return picked.map((word) => word?.[0]?.toUpperCase() ?? '').join('');
}
