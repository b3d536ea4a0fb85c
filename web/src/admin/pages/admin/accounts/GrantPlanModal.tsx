import { BlockStack, Form, FormLayout, Modal, Select, Text, TextField } from '@shopify/polaris';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { ZPlanGrantRequest } from '@quizlead/shared/schemas/admin.ts';
import { grantPlan, listPlans, type AccountChange } from '../../../api/admin.ts';
import { useResource } from '../../../data/useResource.ts';
import { useSchemaForm } from '../../../forms/useSchemaForm.ts';
import type { useAdminAction } from '../components/useAdminAction.ts';
import { accountDetailTexts as texts } from '../texts.ts';

interface Props {
  open: boolean;
  accountId: string;
  action: ReturnType<typeof useAdminAction>;
  onClose(): void;
  onGranted(change: AccountChange): void;
}

/** Tomorrow in UTC, as a date box's value: the earliest end a grant can have. */
const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Gives a standalone account a paid plan until a day, paid for by nobody. */
export function GrantPlanModal({ open, accountId, action, onClose, onGranted }: Props) {
  const plans = useResource(['admin-plans'], listPlans, { enabled: open });
  // Given a new key at each opening (useDialog), the form starts empty.
  const form = useSchemaForm({
    initial: { planId: '', endsAt: '' },
    schema: ZPlanGrantRequest,
    // No plan chosen is 0 to the schema: say what to do instead of its bounds.
    check: ({ planId }): Record<string, string> => (planId === '' ? { planId: adminMessages.grantPaidPlan } : {}),
    // The server reads the day itself (its end, in UTC): the day is sent as chosen, the day the schema read.
    save: (body) =>
      action.run('grant', () => grantPlan(accountId, { planId: body.planId, endsAt: body.endsAt.toISOString().slice(0, 10) }), {
        success: (change) => change.message,
        onDone: onGranted,
        onFieldError: (field, message): boolean => form.refuse(field, message),
      }),
    saved: () => {},
    failed: () => {},
  });

  const busy = action.busy === 'grant';
  const submit = () => {
    if (!busy) form.submit();
  };

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
      primaryAction={{ content: texts.grant, loading: busy, onAction: submit }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose, disabled: busy }]}
    >
      <Modal.Section>
        <Form onSubmit={submit} noValidate>
          <BlockStack gap="300">
            <Text as="p" tone="subdued">
              {texts.grantNote}
            </Text>
            <FormLayout>
              <Select
                label={texts.grantPlanField}
                options={options}
                value={form.values.planId}
                onChange={(value) => form.set('planId', value)}
                disabled={plans.data === null}
                error={form.error('planId') ?? (plans.loaded.state === 'failed' ? plans.loaded.message : undefined)}
              />
              <TextField
                label={texts.grantEndField}
                type="date"
                min={tomorrow()}
                {...form.field('endsAt')}
                autoComplete="off"
                helpText={texts.grantEndHelp}
              />
            </FormLayout>
          </BlockStack>
        </Form>
      </Modal.Section>
    </Modal>
  );
}
