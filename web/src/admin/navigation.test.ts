import { afterEach, describe, expect, it } from 'vitest';
import { abilitiesOf } from '@quizlead/shared/permissions.ts';
import { navigationItems, navigationUrl, selectedPath } from './navigation.ts';
import { setShell } from './shell.ts';

afterEach(() => setShell('standalone'));

describe('selectedPath', () => {
  it('marks the entry of the first segment after /app, whatever its case', () => {
    expect(selectedPath('/app/')).toBe('');
    expect(selectedPath('/app/quizzes')).toBe('Quizzes');
    expect(selectedPath('/app/Quiz/Edit/123')).toBe('Quizzes');
    expect(selectedPath('/app/Account')).toBe('Account');
    expect(selectedPath('/app/Nowhere')).toBe('');
  });

  it('reads the embedded app’s addresses under /shopify/app', () => {
    setShell('embedded');
    expect(selectedPath('/shopify/app')).toBe('');
    expect(selectedPath('/Shopify/App/quizzes')).toBe('Quizzes');
    expect(selectedPath('/shopify/app/poll/edit/1')).toBe('poll/lists');
    expect(selectedPath('/shopify/app/Plan')).toBe('Plan');
    // Contact Us comes from the help menu: no side-navigation entry is marked.
    expect(selectedPath('/shopify/app/Contactus')).toBeNull();
  });

  it('marks nothing for Refer Friend, which the profile menu opens', () => {
    expect(selectedPath('/app/refer-friend')).toBeNull();
    expect(selectedPath('/app/Refer-Friend')).toBeNull();
  });
});

describe('navigationItems', () => {
  it('gives the standalone shell its menu, without Shopify’s plan', () => {
    const paths = navigationItems().map((item) => item.path);
    expect(paths).toEqual([
      '',
      'Quizzes',
      'Templates',
      'FeedbackLists',
      'poll/lists',
      'wheel_spinner/lists',
      'Products',
      'Plans',
      'Invoices',
      'Account',
      'Settings',
      'Tutorials',
    ]);
    expect(navigationUrl('Quizzes')).toBe('/app/Quizzes');
  });

  it('lists the admin area for platform administrators only, and marks it on every page under it', () => {
    expect(navigationItems().map((item) => item.path)).not.toContain('Admin');
    expect(navigationItems({ platformAdmin: false, abilities: abilitiesOf('owner') }).map((item) => item.path)).not.toContain(
      'Admin',
    );
    expect(
      navigationItems({ platformAdmin: true, abilities: abilitiesOf('owner') })
        .map((item) => item.path)
        .at(-1),
    ).toBe('Admin');
    expect(navigationUrl('Admin')).toBe('/app/Admin');
    expect(selectedPath('/app/admin/accounts/abc')).toBe('Admin');
    setShell('embedded');
    expect(navigationItems({ platformAdmin: true, abilities: abilitiesOf('owner') }).map((item) => item.path)).not.toContain(
      'Admin',
    );
  });

  it('leaves out what the role may not open: members have no plans or invoices', () => {
    const paths = navigationItems({ platformAdmin: false, abilities: abilitiesOf('member') }).map((item) => item.path);
    expect(paths).not.toContain('Plans');
    expect(paths).not.toContain('Invoices');
    expect(paths).toContain('Quizzes');
    expect(paths).toContain('Settings');
  });

  it('gives the embedded app Shopify’s plan and no standalone payments, with its own account tour text', () => {
    setShell('embedded');
    const items = navigationItems();
    expect(items.map((item) => item.path)).toContain('Plan');
    expect(items.map((item) => item.path)).not.toContain('Plans');
    expect(items.map((item) => item.path)).not.toContain('Invoices');
    expect(items.find((item) => item.path === 'Account')?.tour?.body).not.toMatch(/password/);
    expect(navigationUrl('Plan')).toBe('/shopify/app/Plan');
  });
});
