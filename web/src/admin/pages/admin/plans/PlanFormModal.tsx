import { BlockStack, Checkbox, Form, FormLayout, Modal, TextField } from '@shopify/polaris';
import { billingLimits, formatMoney } from '@quizlead/shared/billing.ts';
import { ZPlanInput, type TPlanInput } from '@quizlead/shared/schemas/billing.ts';
import { createPlan, updatePlan, type AdminPlan } from '../../../api/admin.ts';
import { RichTextEditor } from '../../../components/LazyRichTextEditor.tsx';
import { useSchemaForm } from '../../../forms/useSchemaForm.ts';
import { centsToInput, inputToCents } from '../components/format.ts';
import type { useAdminAction } from '../components/useAdminAction.ts';
import { planAdminTexts as texts } from '../texts.ts';

interface Props {
  open: boolean;
  /** The plan to edit, or 'new' to add one. */
  plan: AdminPlan | 'new';
  action: ReturnType<typeof useAdminAction>;
  onClose(): void;
  onSaved(): void;
}

interface Values {
  name: string;
  monthlyPrice: string;
  descriptionHtml: string;
  position: string;
  listed: boolean;
  currentForUnlisted: boolean;
}

const valuesOf = (plan: AdminPlan | 'new'): Values =>
  plan === 'new'
    ? { name: '', monthlyPrice: '', descriptionHtml: '', position: '0', listed: true, currentForUnlisted: false }
    : {
        name: plan.name,
        monthlyPrice: centsToInput(plan.monthlyPriceCents),
        descriptionHtml: plan.descriptionHtml,
        position: String(plan.position),
        listed: plan.listed,
        currentForUnlisted: plan.currentForUnlisted,
      };

/** The request the boxes stand for (a price that is none is -1, a position that is no number NaN). */
const requestOf = (values: Values): TPlanInput => ({
  name: values.name,
  monthlyPriceCents: inputToCents(values.monthlyPrice) ?? -1,
  descriptionHtml: values.descriptionHtml,
  position: /^\s*\d{1,4}\s*$/.test(values.position) ? Number(values.position) : Number.NaN,
  listed: values.listed,
  currentForUnlisted: values.currentForUnlisted,
});

/** What the boxes hold that the schema cannot say in the form's words: a price or a position that is none. */
function checkBoxes(values: Values): Record<string, string> {
  const found: Record<string, string> = {};
  const cents = inputToCents(values.monthlyPrice);
  if (cents === null) found.monthlyPriceCents = texts.priceInvalid;
  else if (cents > billingLimits.maxMonthlyPriceCents)
    found.monthlyPriceCents = texts.priceTooHigh(formatMoney(billingLimits.maxMonthlyPriceCents));
  if (Number.isNaN(requestOf(values).position)) found.position = texts.positionInvalid;
  return found;
}

/** The price's messages (the request's monthlyPriceCents) show under its box. */
const fieldOf = (path: string) => (path === 'monthlyPriceCents' ? 'monthlyPrice' : path);

/** Adds a plan or changes one; the server sanitizes the description and keeps the free plan free. */
export function PlanFormModal({ open, plan, action, onClose, onSaved }: Props) {
  // Given a new key at each opening (useDialog), the form starts from the plan, the editor too.
  const form = useSchemaForm({
    initial: valuesOf(plan),
    schema: ZPlanInput,
    toBody: requestOf,
    check: checkBoxes,
    fieldOf,
    // The admin area's runner says how it went (a toast) and marks the form busy.
    save: (body) =>
      action.run('plan', () => (plan === 'new' ? createPlan(body) : updatePlan(plan.id, body)), {
        success: plan === 'new' ? texts.created : texts.saved,
        onDone: onSaved,
        onFieldError: (field, message): boolean => form.refuse(field, message),
      }),
    saved: () => {},
    failed: () => {},
  });
  const { field, toggle } = form;
  const busy = action.busy === 'plan';

  const submit = () => {
    if (!busy) form.submit();
  };

  const isFree = plan !== 'new' && plan.free;

  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={plan === 'new' ? texts.createTitle : texts.editTitle(plan.name)}
      primaryAction={{ content: texts.save, loading: busy, onAction: submit }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose, disabled: busy }]}
    >
      <Modal.Section>
        <Form onSubmit={submit} noValidate implicitSubmit={false}>
          <BlockStack gap="400">
            <FormLayout>
              <TextField
                label={texts.fields.name}
                {...field('name')}
                autoComplete="off"
                maxLength={billingLimits.planNameLength}
              />
              <FormLayout.Group>
                <TextField
                  label={texts.fields.monthlyPrice}
                  {...field('monthlyPrice')}
                  inputMode="decimal"
                  prefix="$"
                  autoComplete="off"
                  disabled={isFree}
                  helpText={texts.fields.monthlyPriceHelp}
                />
                <TextField
                  label={texts.fields.position}
                  {...field('position')}
                  inputMode="numeric"
                  autoComplete="off"
                  helpText={texts.fields.positionHelp}
                />
              </FormLayout.Group>
              <RichTextEditor label={texts.fields.description} {...field('descriptionHtml')} />
              <Checkbox label={texts.fields.listed} {...toggle('listed')} />
              <Checkbox label={texts.fields.currentForUnlisted} {...toggle('currentForUnlisted')} />
            </FormLayout>
          </BlockStack>
        </Form>
      </Modal.Section>
    </Modal>
  );
}
