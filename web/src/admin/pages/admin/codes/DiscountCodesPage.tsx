import { Badge, Button, ButtonGroup, Text } from '@shopify/polaris';
import { formatDay, formatMoney } from '@quizlead/shared/billing.ts';
import type { TAdminDiscountCode } from '@quizlead/shared/schemas/billing.ts';
import { listDiscountCodes, listPlans, setDiscountCodeRetired, type AdminPlan } from '../../../api/admin.ts';
import { useResource } from '../../../data/useResource.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { AdminList } from '../components/AdminList.tsx';
import type { Column } from '../components/AdminTable.tsx';
import { RetireModal } from '../components/RetireModal.tsx';
import { useAdminAction } from '../components/useAdminAction.ts';
import { useDialog } from '../components/useDialog.ts';
import { codeTexts as texts } from '../texts.ts';
import { DiscountCodeFormModal } from './DiscountCodeFormModal.tsx';

const discountOf = (code: TAdminDiscountCode) =>
  code.kind === 'percent' ? `${code.percent ?? 0}%` : formatMoney(code.amountCents ?? 0);

function validity(code: TAdminDiscountCode) {
  if (code.startsAt && code.endsAt) return texts.between(formatDay(code.startsAt), formatDay(code.endsAt));
  if (code.startsAt) return texts.from(formatDay(code.startsAt));
  if (code.endsAt) return texts.until(formatDay(code.endsAt));
  return texts.always;
}

function usesOf(code: TAdminDiscountCode) {
  const total = texts.uses(code.redemptions, code.maxRedemptions);
  return code.maxPerAccount === null ? total : `${total} (${texts.perAccount(code.maxPerAccount)})`;
}

const columnsWith = (plans: readonly AdminPlan[]): Column<TAdminDiscountCode>[] => {
  const planName = (id: number | null) =>
    id === null ? texts.anyPlan : (plans.find((plan) => plan.id === id)?.name ?? `#${id}`);
  return [
    {
      title: texts.columns.code,
      onPhone: false,
      cell: (code) => (
        <Text as="span" fontWeight="semibold">
          <span className="ql-admin-mono">{code.code}</span>
        </Text>
      ),
    },
    { title: texts.columns.discount, cell: discountOf },
    {
      title: texts.columns.appliesTo,
      cell: (code) => `${planName(code.planId)}, ${code.period ? texts.periods[code.period].toLowerCase() : texts.anyPeriod}`,
    },
    { title: texts.columns.valid, cell: validity },
    { title: texts.columns.uses, cell: usesOf },
    {
      title: texts.columns.status,
      cell: (code) => (code.retired ? <Badge>{texts.retired}</Badge> : <Badge tone="success">{texts.active}</Badge>),
    },
  ];
};

/** /app/Admin/discount-codes: every code with its uses; add one, change, retire or restore it. */
export function DiscountCodesPage() {
  const list = useResource(['admin-codes'], listDiscountCodes);
  const plans = useResource(['admin-plans'], listPlans);
  const action = useAdminAction();
  const form = useDialog<TAdminDiscountCode | 'new'>();
  const retiring = useDialog<TAdminDiscountCode>();

  const setRetired = (code: TAdminDiscountCode, retired: boolean) =>
    action.run(code.id, () => setDiscountCodeRetired(code.id, retired), {
      success: retired ? texts.retiredDone(code.code) : texts.restoredDone(code.code),
      onDone: list.reload,
    });

  const add = { content: texts.add, onAction: () => form.show('new') };

  return (
    <AdminPage title={texts.title} subtitle={texts.subtitle} primaryAction={add}>
      <AdminList
        list={list}
        texts={texts}
        empty={texts.empty}
        emptyAction={add}
        rowId={(code) => code.id}
        columns={columnsWith(plans.data ?? [])}
        heading={(code) => code.code}
        actions={(code) => (
          <ButtonGroup noWrap>
            <Button size="slim" onClick={() => form.show(code)} accessibilityLabel={texts.editLabel(code.code)}>
              {texts.edit}
            </Button>
            {code.retired ? (
              <Button
                size="slim"
                loading={action.busy === code.id}
                onClick={() => void setRetired(code, false)}
                accessibilityLabel={texts.restoreLabel(code.code)}
              >
                {texts.restore}
              </Button>
            ) : (
              <Button
                size="slim"
                tone="critical"
                loading={action.busy === code.id}
                onClick={() => retiring.show(code)}
                accessibilityLabel={texts.retireLabel(code.code)}
              >
                {texts.retire}
              </Button>
            )}
          </ButtonGroup>
        )}
      />
      <DiscountCodeFormModal
        key={form.key}
        open={form.open}
        code={form.value ?? 'new'}
        plans={plans.data ?? []}
        action={action}
        onClose={form.close}
        onSaved={() => {
          form.close();
          list.reload();
        }}
      />
      <RetireModal
        dialog={retiring}
        texts={texts}
        name={(code) => code.code}
        busy={action.busy}
        onRetire={(code) => setRetired(code, true)}
      />
    </AdminPage>
  );
}
