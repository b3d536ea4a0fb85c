/**
 * The platform administrators' area (/app/Admin): its limits, the audit log's vocabulary and every
 * text the server answers with, so the admin screens show the same words.
 */

export const adminLimits = {
  /** Every admin list pages by this many rows. */
  pageSize: 25,
  searchLength: 200,
  /** The template catalogue is reordered as a whole, so it is sent in one request. */
  maxTemplates: 1000,
} as const;

/** What an audit row is about. */
export const auditTargetTypes = [
  'account',
  'user',
  'plan',
  'discount_code',
  'template',
  'template_catalogue',
  'delivery',
] as const;
export type TAuditTargetType = (typeof auditTargetTypes)[number];

export const auditTargetLabels: Record<TAuditTargetType, string> = {
  account: 'Account',
  user: 'User',
  plan: 'Plan',
  discount_code: 'Discount code',
  template: 'Template',
  template_catalogue: 'Template catalogue',
  delivery: 'Delivery',
};

/** Every administrator action, `<target>.<verb>` (audit_log.action). */
export const auditActions = [
  'account.plan_grant',
  'account.plan_end',
  'account.delete',
  'user.verify',
  'user.disable',
  'user.enable',
  'user.role',
  'user.platform_admin_grant',
  'user.platform_admin_revoke',
  'user.delete',
  'plan.create',
  'plan.update',
  'discount_code.create',
  'discount_code.update',
  'discount_code.retire',
  'discount_code.restore',
  'template.add',
  'template.retire',
  'template.restore',
  'template_catalogue.reorder',
  'delivery.replay',
] as const;
export type TAuditAction = (typeof auditActions)[number];

export const auditActionLabels: Record<TAuditAction, string> = {
  'account.plan_grant': 'Granted a plan',
  'account.plan_end': 'Ended the paid plan',
  'account.delete': 'Deleted the account',
  'user.verify': 'Verified the user',
  'user.disable': 'Disabled the user',
  'user.enable': 'Enabled the user',
  'user.role': 'Changed the role',
  'user.platform_admin_grant': 'Made an administrator',
  'user.platform_admin_revoke': 'Removed administrator rights',
  'user.delete': 'Deleted the user',
  'plan.create': 'Added a plan',
  'plan.update': 'Changed a plan',
  'discount_code.create': 'Added a discount code',
  'discount_code.update': 'Changed a discount code',
  'discount_code.retire': 'Retired a discount code',
  'discount_code.restore': 'Restored a discount code',
  'template.add': 'Added a template',
  'template.retire': 'Retired a template',
  'template.restore': 'Restored a template',
  'template_catalogue.reorder': 'Reordered the templates',
  'delivery.replay': 'Replayed a delivery',
};

export const adminMessages = {
  // Confirmations and refusals (400s name the field).
  confirmRequired: 'Type the confirmation.',
  roleInvalid: 'Choose owner or member.',
  platformAdminInvalid: 'Choose whether the user is an administrator.',
  searchTooLong: 'The search is too long.',
  confirmAccount: 'Type the company name or the account id exactly to confirm.',
  confirmUser: 'Type the user’s email exactly to confirm.',
  ownAccount: 'You cannot delete the account you are signed in to.',
  selfDisable: 'You cannot disable yourself.',
  selfRevoke: 'You cannot remove your own administrator rights.',
  selfDelete: 'You cannot delete yourself.',
  lastOwnerRole: 'The account needs an owner: make another user owner first.',
  lastOwnerDelete: 'This is the account’s last owner: delete the account instead.',
  grantStandaloneOnly: 'Shopify shops are billed by Shopify: plans are granted to standalone accounts only.',
  grantPaidPlan: 'Choose a paid plan.',
  grantEndsInFuture: 'Choose an end date in the future.',
  noPeriodToEnd: 'This account has no paid plan to end.',
  quizNotFound: 'No quiz has this id.',
  alreadyTemplate: 'This quiz is a template already.',
  templateOrder: 'The order must list every template exactly once.',
  discountCodeTaken: 'This discount code already exists.',
  discountCodePlanMissing: 'Choose a plan that exists.',
  /** A used code keeps what owners paid with: its text and value. */
  discountCodeUsed: 'This code has been used: only its dates and use limits can change. Retire it and add a new one.',
  // Done.
  planGranted: 'The plan is granted.',
  planEnded: 'The paid plan has ended: the account is on the free plan.',
  accountDeleted: 'The account and everything in it are deleted.',
  userVerified: 'The user is verified.',
  userDisabled: 'The user is disabled and signed out.',
  userEnabled: 'The user can sign in again.',
  roleChanged: 'The role is changed.',
  adminGranted: 'The user is a platform administrator.',
  adminRevoked: 'The user is no longer a platform administrator.',
  userDeleted: 'The user is deleted.',
  templateAdded: 'The quiz is added to the template catalogue.',
  templateRetired: 'The template is retired: owners no longer see it.',
  templateRestored: 'The template is back in the catalogue.',
  templateOrderSaved: 'The template order is saved.',
  // Lists.
  noAccounts: 'No accounts match.',
  noTemplates: 'The catalogue has no templates yet. Add one from any quiz by its id.',
  noFailedDeliveries: 'No failed deliveries in any account.',
  noContactMessages: 'Nobody has written through Contact Us yet.',
  noAuditEntries: 'No administrator actions yet.',
  loadError: 'This could not be loaded.',
} as const;
