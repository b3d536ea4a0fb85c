import type { Services } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { TaskDefinition } from '../task.ts';
import { applyShopifyWebhookTask } from './ApplyShopifyWebhookTask.ts';
import { attemptDeliveryTask } from './AttemptDeliveryTask.ts';
import { capturePaymentTask } from './CapturePaymentTask.ts';
import { createCustomerMetafieldDefinitionsTask } from './CreateCustomerMetafieldDefinitionsTask.ts';
import { createStorefrontTokenTask } from './CreateStorefrontTokenTask.ts';
import { fillPrizePoolTask, sweepPrizePoolsTask } from './FillPrizePoolTask.ts';
import { notifyDataRequestTask } from './NotifyDataRequestTask.ts';
import { planEndingReminderTask } from './PlanEndingReminderTask.ts';
import { removeOldWebVitalsTask } from './RemoveOldWebVitalsTask.ts';
import { removeUntouchedDraftsTask } from './RemoveUntouchedDraftsTask.ts';
import { sendAuthEmailTask, sendPasswordResetTask, sendSignupTokenTask } from './SendAuthMailTask.ts';
import { sendEmailTask } from './SendEmailTask.ts';
import { sendInvoiceTask } from './SendInvoiceTask.ts';
import { sweepDeliveriesTask } from './SweepDeliveriesTask.ts';
import { syncAccountModeTask } from './SyncAccountModeTask.ts';
import { syncProductsTask } from './SyncProductsTask.ts';
import { syncShopEmailTask } from './SyncShopEmailTask.ts';
import { syncShopPlanTask } from './SyncShopPlanTask.ts';

/**
 * What every job's handler may use (issue 37: typed task dependencies). Each task names the part it needs
 * in its handler's `deps` parameter; `jobTasks` below is checked against this, so a task that asks for
 * something the server does not give fails the type check, not a job at run time.
 */
export interface JobDeps {
  db: Db;
  logger: Logger;
  mailer: Services['mailer'];
  storage: Services['storage'];
  quizCache: Services['quizCache'];
  marketProducts: Services['marketProducts'];
  secrets: Services['secrets'];
  /** Every service, once the server listens (the Shopify library needs the app's URL). */
  services?: Services;
  servicesReady: Promise<Services>;
}

/** Every task the server's job queue works, each a pg-boss queue of its own. */
export const jobTasks = [
  sendEmailTask,
  sendSignupTokenTask,
  sendPasswordResetTask,
  sendAuthEmailTask,
  removeUntouchedDraftsTask,
  removeOldWebVitalsTask,
  applyShopifyWebhookTask,
  syncShopPlanTask,
  syncShopEmailTask,
  createCustomerMetafieldDefinitionsTask,
  createStorefrontTokenTask,
  notifyDataRequestTask,
  syncProductsTask,
  attemptDeliveryTask,
  sweepDeliveriesTask,
  capturePaymentTask,
  planEndingReminderTask,
  sendInvoiceTask,
  syncAccountModeTask,
  fillPrizePoolTask,
  sweepPrizePoolsTask,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each task's own payload type
] satisfies TaskDefinition<any, JobDeps>[];
