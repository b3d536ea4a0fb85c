import { integrationMessages } from '@quizlead/shared/schemas/integrations.ts';
import { ApiError, errorNotice } from '../../api/client.ts';
import type { Problem } from './SettingsProblem.tsx';

/** A field the server named, or null when the failure belongs to no field. */
export function fieldOf(error: unknown): { field: string; message: string } | null {
  return error instanceof ApiError && error.code === 'validation' && error.field
    ? { field: error.field, message: error.message }
    : null;
}

export const settingsProblem = (error: unknown): Problem => ({
  title: integrationMessages.settingsErrorTitle,
  lines: [integrationMessages.settingsError, errorNotice(error)],
});

export const webhookProblem = (error: unknown): Problem => ({
  title: integrationMessages.webhookErrorTitle,
  lines: [integrationMessages.webhookError, errorNotice(error)],
});
