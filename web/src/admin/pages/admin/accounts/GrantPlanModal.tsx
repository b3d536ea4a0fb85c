import { BlockStack, Form, FormLayout, Modal, Select, Text, TextField } from '@shopify/polaris';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { ZPlanGrantRequest } from '@quizlead/shared/schemas/admin.ts';
import { useState } from 'react';
import { grantPlan, listPlans, type AccountChange } from '../../../api/admin.ts';
import { useResource } from '../../../data/useResource.ts';
import { fieldErrors } from '../../../forms/issues.ts';
import type { useAdminAction } from '../components/useAdminAction.ts';
import { accountDetailTexts as texts } from '../texts.ts';

interface Props {
  open: boolean;
  accountId: string;
  action: ReturnType<typeof useAdminAction>;
  onClose(): void;
  onGranted(change: AccountChange): void;
}

type Errors = Partial<Record<'planId' | 'endsAt', string>>;

/** Tomorrow in UTC, as a date box's value: the earliest end a grant can have. */
const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Gives a standalone account a paid plan until a day, paid for by nobody. */
export function GrantPlanModal({ open, accountId, action, onClose, onGranted }: Props) {
  const plans = useResource(['admin-plans'], listPlans, { enabled: open });
  // Given a new key at each opening (useDialog), the form starts empty.
  const [planId, setPlanId] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const busy = action.busy === 'grant';

  async function submit() {
    if (busy) return;
    const parsed = ZPlanGrantRequest.safeParse({ planId, endsAt });
    if (!parsed.success || planId === '') {
      const found: Errors = parsed.success ? {} : fieldErrors(parsed.error);
      // No plan chosen is 0 to the schema: say what to do instead of its bounds.
      if (planId === '') found.planId = adminMessages.grantPaidPlan;
      setErrors(found);
      return;
    }
    // The server reads the day itself (its end, in UTC): the day is sent as chosen.
    await action.run('grant', () => grantPlan(accountId, { planId: Number(planId), endsAt }), {
      success: (change) => change.message,
      onDone: onGranted,
      onFieldError: (field, message) => {
        if (field !== 'planId' && field !== 'endsAt') return false;
        setErrors({ [field]: message });
        return true;
      },
    });
  }

  const paid = (plans.data ?? []).filter((plan) => !plan.free);
  const options = [
    { label: texts.choosePlan, value: '', disabled: true },
    ...paid.map((plan) => ({ label: plan.listed ? plan.name : `${plan.name} (unlisted)`, value: String(plan.id) })),
  ];

  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={texts.grantTitle}
      primaryAction={{ content: texts.grant, loading: busy, onAction: () => void submit() }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose, disabled: busy }]}
    >
      <Modal.Section>
        <Form onSubmit={() => void submit()} noValidate>
          <BlockStack gap="300">
            <Text as="p" tone="subdued">
              {texts.grantNote}
            </Text>
            <FormLayout>
              <Select
                label={texts.grantPlanField}
                options={options}
                value={planId}
                onChange={(value) => {
                  setPlanId(value);
                  setErrors((current) => ({ ...current, planId: undefined }));
                }}
                disabled={plans.data === null}
                error={errors.planId ?? (plans.loaded.state === 'failed' ? plans.loaded.message : undefined)}
              />
              <TextField
                label={texts.grantEndField}
                type="date"
                min={tomorrow()}
                value={endsAt}
                onChange={(value) => {
                  setEndsAt(value);
                  setErrors((current) => ({ ...current, endsAt: undefined }));
                }}
                autoComplete="off"
                helpText={texts.grantEndHelp}
                error={errors.endsAt}
              />
            </FormLayout>
          </BlockStack>
        </Form>
      </Modal.Section>
    </Modal>
  );
}
