import { BlockStack, Checkbox, Form, FormLayout, Modal, TextField } from '@shopify/polaris';
import { billingLimits, formatMoney } from '@quizlead/shared/billing.ts';
import { ZPlanInput, type TPlanInput } from '@quizlead/shared/schemas/billing.ts';
import { useState } from 'react';
import { createPlan, updatePlan, type AdminPlan } from '../../../api/admin.ts';
import { RichTextEditor } from '../../../components/RichTextEditor.tsx';
import { fieldErrors } from '../../../forms/issues.ts';
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

/** Errors by the request's field names (the server's 400s name them too). */
type Errors = Partial<Record<keyof TPlanInput, string>>;

/** Adds a plan or changes one; the server sanitizes the description and keeps the free plan free. */
export function PlanFormModal({ open, plan, action, onClose, onSaved }: Props) {
  // Given a new key at each opening (useDialog), the form starts from the plan, the editor too.
  const [values, setValues] = useState<Values>(() => valuesOf(plan));
  const [errors, setErrors] = useState<Errors>({});

  const set =
    <Field extends keyof Values>(field: Field, errorField: keyof TPlanInput) =>
    (value: Values[Field]) => {
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [errorField]: undefined }));
    };

  const busy = action.busy === 'plan';

  async function submit() {
    if (busy) return;
    const cents = inputToCents(values.monthlyPrice);
    const position = /^\s*\d{1,4}\s*$/.test(values.position) ? Number(values.position) : Number.NaN;
    const request: TPlanInput = {
      name: values.name,
      monthlyPriceCents: cents ?? -1,
      descriptionHtml: values.descriptionHtml,
      position,
      listed: values.listed,
      currentForUnlisted: values.currentForUnlisted,
    };
    const parsed = ZPlanInput.safeParse(request);
    const found: Errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (cents === null) found.monthlyPriceCents = texts.priceInvalid;
    else if (cents > billingLimits.maxMonthlyPriceCents)
      found.monthlyPriceCents = texts.priceTooHigh(formatMoney(billingLimits.maxMonthlyPriceCents));
    if (Number.isNaN(position)) found.position = texts.positionInvalid;
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    await action.run('plan', () => (plan === 'new' ? createPlan(parsed.data) : updatePlan(plan.id, parsed.data)), {
      success: plan === 'new' ? texts.created : texts.saved,
      onDone: onSaved,
      onFieldError: (field, message) => {
        setErrors({ [field]: message });
        return true;
      },
    });
  }

  const isFree = plan !== 'new' && plan.free;

  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={plan === 'new' ? texts.createTitle : texts.editTitle(plan.name)}
      primaryAction={{ content: texts.save, loading: busy, onAction: () => void submit() }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose, disabled: busy }]}
    >
      <Modal.Section>
        <Form onSubmit={() => void submit()} noValidate implicitSubmit={false}>
          <BlockStack gap="400">
            <FormLayout>
              <TextField
                label={texts.fields.name}
                value={values.name}
                onChange={set('name', 'name')}
                autoComplete="off"
                maxLength={billingLimits.planNameLength}
                error={errors.name}
              />
              <FormLayout.Group>
                <TextField
                  label={texts.fields.monthlyPrice}
                  value={values.monthlyPrice}
                  onChange={set('monthlyPrice', 'monthlyPriceCents')}
                  inputMode="decimal"
                  prefix="$"
                  autoComplete="off"
                  disabled={isFree}
                  helpText={texts.fields.monthlyPriceHelp}
                  error={errors.monthlyPriceCents}
                />
                <TextField
                  label={texts.fields.position}
                  value={values.position}
                  onChange={set('position', 'position')}
                  inputMode="numeric"
                  autoComplete="off"
                  helpText={texts.fields.positionHelp}
                  error={errors.position}
                />
              </FormLayout.Group>
              <RichTextEditor
                label={texts.fields.description}
                value={values.descriptionHtml}
                onChange={set('descriptionHtml', 'descriptionHtml')}
                error={errors.descriptionHtml}
              />
              <Checkbox
                label={texts.fields.listed}
                checked={values.listed}
                onChange={set('listed', 'listed')}
                error={errors.listed}
              />
              <Checkbox
                label={texts.fields.currentForUnlisted}
                checked={values.currentForUnlisted}
                onChange={set('currentForUnlisted', 'currentForUnlisted')}
                error={errors.currentForUnlisted}
              />
            </FormLayout>
          </BlockStack>
        </Form>
      </Modal.Section>
    </Modal>
  );
}
