import { activeCampaign } from './activecampaign.ts';
import { acumbamail } from './acumbamail.ts';
import { agileCrm } from './agilecrm.ts';
import { birdSend } from './birdsend.ts';
import { brevo } from './brevo.ts';
import { registerCrmProvider, type RegisteredCrmProvider } from './crmProvider.ts';
import { getResponse } from './getresponse.ts';
import { klaviyo } from './klaviyo.ts';
import { mailchimp } from './mailchimp.ts';
import { mailerLite } from './mailerlite.ts';
import { sendfox } from './sendfox.ts';
import { useinbox } from './useinbox.ts';
import { vbout } from './vbout.ts';

/**
 * Every CRM an owner can choose in Settings, in the order the reference lists them (crm-webhooks-payments.md
 * Part A). The delivery pipeline and the Settings page find a provider here by its id.
 */
export const crmProviders: readonly RegisteredCrmProvider[] = [
  registerCrmProvider(getResponse),
  registerCrmProvider(agileCrm),
  registerCrmProvider(activeCampaign),
  registerCrmProvider(mailerLite),
  registerCrmProvider(mailchimp),
  registerCrmProvider(birdSend),
  registerCrmProvider(sendfox),
  registerCrmProvider(vbout),
  registerCrmProvider(useinbox),
  registerCrmProvider(brevo),
  registerCrmProvider(klaviyo),
  registerCrmProvider(acumbamail),
];

export function findCrmProvider(id: string): RegisteredCrmProvider | undefined {
  return crmProviders.find((provider) => provider.id === id);
}
