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
};

/** The list's columns before Action (the spec names only the description and date). */
export const wheelListColumns = ['Description', 'Created Date', 'Status', 'Spins'] as const;

export const wheelListUrl = '/app/wheel_spinner/lists';
export const wheelCreateUrl = '/app/wheel_spinner/create';
export const wheelList = { content: wheelTexts.listTitle, url: wheelListUrl };

export const wheelUrls = {
  edit: (id: string) => `/app/wheel_spinner/edit/${id}`,
  share: (id: string, slug: string) => `/app/wheelspin/share/${id}/${encodeURIComponent(slug)}`,
  spins: (id: string) => `/app/wheelspin/response/${id}`,
  /** The public page (spec 2.1). */
  preview: (id: string, slug: string) => `/wheelspin/publish/show/${id}/${encodeURIComponent(slug)}`,
};
