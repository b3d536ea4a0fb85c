import { Badge, Button, InlineStack, Text } from '@shopify/polaris';
import { formatMoney } from '@quizlead/shared/billing.ts';
import { listPlans, type AdminPlan } from '../../../api/admin.ts';
import { useResource } from '../../../data/useResource.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { AdminList } from '../components/AdminList.tsx';
import type { Column } from '../components/AdminTable.tsx';
import { useAdminAction } from '../components/useAdminAction.ts';
import { useDialog } from '../components/useDialog.ts';
import { areaTexts, planAdminTexts as texts } from '../texts.ts';
import { PlanFormModal } from './PlanFormModal.tsx';

const columns: Column<AdminPlan>[] = [
  {
    title: texts.columns.name,
    onPhone: false,
    cell: (plan) => (
      <InlineStack gap="200" blockAlign="center">
        <Text as="span" fontWeight="semibold">
          {plan.name}
        </Text>
        {plan.free ? <Badge>{texts.free}</Badge> : null}
      </InlineStack>
    ),
  },
  { title: texts.columns.price, cell: (plan) => formatMoney(plan.monthlyPriceCents) },
  { title: texts.columns.position, cell: (plan) => String(plan.position) },
  {
    title: texts.columns.listed,
    cell: (plan) => (plan.listed ? <Badge tone="success">{texts.listed}</Badge> : <Badge>{texts.unlisted}</Badge>),
  },
  { title: texts.columns.currentForUnlisted, cell: (plan) => (plan.currentForUnlisted ? areaTexts.yes : areaTexts.none) },
];

/** /app/Admin/plans: every plan, listed or not, with a form to add or change one. */
export function PlansAdminPage() {
  const list = useResource(['admin-plans'], listPlans);
  const action = useAdminAction();
  const form = useDialog<AdminPlan | 'new'>();

  const add = { content: texts.add, onAction: () => form.show('new') };

  return (
    <AdminPage title={texts.title} subtitle={texts.subtitle} primaryAction={add}>
      <AdminList
        list={list}
        texts={texts}
        empty={texts.empty}
        emptyAction={add}
        rowId={(plan) => String(plan.id)}
        columns={columns}
        heading={(plan) => (plan.free ? `${plan.name} (${texts.free})` : plan.name)}
        actions={(plan) => (
          <Button size="slim" onClick={() => form.show(plan)} accessibilityLabel={texts.editLabel(plan.name)}>
            {texts.edit}
          </Button>
        )}
      />
      <PlanFormModal
        key={form.key}
        open={form.open}
        plan={form.value ?? 'new'}
        action={action}
        onClose={form.close}
        onSaved={() => {
          form.close();
          list.reload();
        }}
      />
    </AdminPage>
  );
}
