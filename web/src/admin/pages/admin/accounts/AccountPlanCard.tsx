import { Badge, BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { formatDay } from '@quizlead/shared/billing.ts';
import type { TAdminAccountDetail } from '@quizlead/shared/schemas/admin.ts';
import { endPlan, type AccountChange } from '../../../api/admin.ts';
import { ConfirmModal } from '../../quizEditor/fields/ConfirmModal.tsx';
import type { useAdminAction } from '../components/useAdminAction.ts';
import { useDialog } from '../components/useDialog.ts';
import { accountTexts, accountDetailTexts as texts } from '../texts.ts';
import { GrantPlanModal } from './GrantPlanModal.tsx';

interface Props {
  detail: TAdminAccountDetail;
  action: ReturnType<typeof useAdminAction>;
  onChanged(change: AccountChange): void;
}

/** The account's mode and paid period now, with Grant plan and End plan (standalone accounts). */
export function AccountPlanCard({ detail, action, onChanged }: Props) {
  const { account, currentPeriod } = detail;
  const granting = useDialog<true>();
  // The plan's name, kept while the dialog closes (the plan is gone by then).
  const ending = useDialog<string>();
  const standalone = account.kind === 'standalone';

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {texts.plan}
          </Text>
          <Badge tone={account.mode === 'paid' ? 'success' : undefined}>{accountTexts.modes[account.mode]}</Badge>
        </InlineStack>
        {currentPeriod ? (
          <BlockStack gap="100">
            <Text as="p" fontWeight="semibold">
              {texts.periodLine(currentPeriod.planName, formatDay(currentPeriod.startsAt), formatDay(currentPeriod.endsAt))}
            </Text>
            <Text as="p" tone="subdued">
              {currentPeriod.granted ? texts.grantedBy(currentPeriod.grantedByEmail) : texts.bought}
            </Text>
          </BlockStack>
        ) : (
          <Text as="p">{texts.onFree}</Text>
        )}
        {standalone ? (
          <InlineStack gap="200">
            <Button onClick={() => granting.show(true)}>{texts.grantPlan}</Button>
            {currentPeriod ? (
              <Button tone="critical" onClick={() => ending.show(currentPeriod.planName)}>
                {texts.endPlan}
              </Button>
            ) : null}
          </InlineStack>
        ) : (
          <Text as="p" tone="subdued">
            {texts.shopifyBilled}
          </Text>
        )}
      </BlockStack>
      <GrantPlanModal
        key={granting.key}
        open={granting.open}
        accountId={account.id}
        action={action}
        onClose={granting.close}
        onGranted={(change) => {
          granting.close();
          onChanged(change);
        }}
      />
      <ConfirmModal
        open={ending.open}
        title={texts.endPlanTitle}
        message={texts.endPlanQuestion(ending.value ?? '')}
        confirm={texts.endPlan}
        destructive
        busy={action.busy === 'end-plan'}
        onConfirm={() =>
          void action.run('end-plan', () => endPlan(account.id), {
            success: (change) => change.message,
            onDone: (change) => {
              ending.close();
              onChanged(change);
            },
          })
        }
        onClose={ending.close}
      />
    </Card>
  );
}
