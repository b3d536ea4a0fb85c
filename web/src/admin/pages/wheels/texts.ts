import { adminLink } from '../../urls.ts';

/** Wheel spinner screens: words the spec does not give (the rest are in shared/src/engagement.ts). */
export const wheelTexts = {
  listTitle: 'Wheel Spins',
  createTitle: 'Create Wheel Spin',
  editTitle: 'Edit Wheel Spin',
  spinsTitle: 'Wheel Spin Results',
  thing: 'Wheel spin',
  created: 'Wheel spin created successfully.',
  updated: 'Wheel spin updated successfully.',
  deleteTitle: 'Delete wheel spin',
  noSpins: 'No spins yet.',
  createButton: 'Create Wheel Spin',
  updateButton: 'Update Wheel Spin',
  ignoreEmailTagsLabel: 'Treat name+tag@domain as name@domain',
  ignoreEmailTagsHelp: {
    on: 'One spin per inbox: sam+1@example.com counts as sam@example.com, and dots in Gmail addresses are ignored.',
    off: 'Every spelling of an address spins on its own: sam+1@example.com and sam@example.com spin once each.',
  },
};

/** The list's columns before Action (the spec names only the description and date). */
export const wheelListColumns = ['Description', 'Created Date', 'Status', 'Spins'] as const;

/** The back action to the list. */
export const wheelList = () => adminLink(wheelTexts.listTitle, 'wheel_spinner/lists');

export const wheelUrls = {
  /** The public page (spec 2.1); the admin's screens are in urls.ts. */
  preview: (id: string, slug: string) => `/wheelspin/publish/show/${id}/${encodeURIComponent(slug)}`,
};
