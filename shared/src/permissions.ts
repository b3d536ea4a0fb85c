/**
 * Who may do what inside an account. Roles belong to a membership (an account's owner or a member
 * invited to help); platform administrators are a separate notion (the admin area) and hold no
 * account role by being administrators.
 *
 * Each owner route declares the ability it needs (`can: 'quiz.write'`); the server refuses a role
 * without it (403), and the session tells the admin which abilities the user has, so a button is
 * hidden for the same reason the server would refuse it.
 */
export const accountRoles = ['owner', 'member'] as const;
export type AccountRole = (typeof accountRoles)[number];

const everyone = ['owner', 'member'] as const satisfies readonly AccountRole[];
const ownerOnly = ['owner'] as const satisfies readonly AccountRole[];

/** Abilities per model: which roles may take each action. */
export const abilities = {
  /** Quizzes, their questions, sharing and templates copied into the account. */
  quiz: { read: everyone, write: everyone },
  /** Polls, web responses and wheels. */
  engagement: { read: everyone, write: everyone },
  file: { read: everyone, write: everyone },
  template: { read: everyone, copy: everyone },
  /** The products quizzes recommend: the shop's synced catalogue, or ones a standalone owner types in. */
  product: { read: everyone, write: everyone },
  /** Reports, answer sheets, leads and their exports. */
  report: { read: everyone, export: everyone },
  delivery: { read: everyone, replay: everyone },
  dashboard: { read: everyone },
  /** CRM, notification emails, webhooks, Shopify customers: credentials and where leads go. */
  settings: { read: everyone, manage: ownerOnly },
  billing: { read: ownerOnly, pay: ownerOnly },
  /** The company (name, address, logo) and the account itself, deleting it included. */
  account: { read: everyone, manage: ownerOnly },
  /** The signed-in user: their session, own name and password. */
  profile: { read: everyone, manage: everyone },
  support: { contact: everyone, refer: everyone },
  affiliate: { read: ownerOnly },
  /** The admin's own speed as the browser measured it (web vitals): nothing of the account's. */
  vitals: { report: everyone },
} as const satisfies Record<string, Record<string, readonly AccountRole[]>>;

export type Model = keyof typeof abilities;
export type Ability = { [M in Model]: `${M}.${Extract<keyof (typeof abilities)[M], string>}` }[Model];

export const allAbilities = Object.entries(abilities).flatMap(([model, actions]) =>
  Object.keys(actions).map((action) => `${model}.${action}` as Ability),
);

/** Whether `role` may take `ability`. */
export function roleCan(role: AccountRole, ability: Ability): boolean {
  const [model, action] = ability.split('.') as [Model, string];
  const roles = (abilities[model] as Record<string, readonly AccountRole[]>)[action];
  return roles?.includes(role) ?? false;
}

/** Everything `role` may do, as the session hands it to the admin. */
export const abilitiesOf = (role: AccountRole): Ability[] => allAbilities.filter((ability) => roleCan(role, ability));

export const permissionMessages = {
  forbidden: 'Only the account owner can do this.',
  companyOwnerOnly: 'Only the account owner can change the company details.',
  settingsOwnerOnly: 'Only the account owner can change where leads go. You can see the settings below.',
  /** A screen a member's role may not open (Plans, Invoices), reached by its address. */
  screenOwnerOnly: 'Only the account owner can see this page.',
} as const;
