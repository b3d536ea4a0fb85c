import { Banner, BlockStack, Form, FormLayout, Modal, Select, TextField } from '@shopify/polaris';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { billingLimits, type TDiscountKind } from '@quizlead/shared/billing.ts';
import { ZDiscountCodeInput, type TAdminDiscountCode, type TDiscountCodeInput } from '@quizlead/shared/schemas/billing.ts';
import { createDiscountCode, updateDiscountCode, type AdminPlan } from '../../../api/admin.ts';
import { useSchemaForm } from '../../../forms/useSchemaForm.ts';
import { centsToInput, inputToCents, inputToCount } from '../components/format.ts';
import type { useAdminAction } from '../components/useAdminAction.ts';
import { codeTexts as texts } from '../texts.ts';

interface Props {
  open: boolean;
  /** The code to edit, or 'new' to add one. */
  code: TAdminDiscountCode | 'new';
  /** For the plan choice; a code may also apply to any plan. */
  plans: readonly AdminPlan[];
  action: ReturnType<typeof useAdminAction>;
  onClose(): void;
  onSaved(): void;
}

interface Values {
  code: string;
  kind: TDiscountKind;
  percent: string;
  amount: string;
  planId: string;
  period: string;
  startsAt: string;
  endsAt: string;
  maxRedemptions: string;
  maxPerAccount: string;
}

const optional = (value: number | null) => (value === null ? '' : String(value));

/** The day a date box shows for a saved bound: its UTC day, as dayBound reads it back. */
const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

const valuesOf = (code: TAdminDiscountCode | 'new'): Values =>
  code === 'new'
    ? {
        code: '',
        kind: 'percent',
        percent: '',
        amount: '',
        planId: '',
        period: '',
        startsAt: '',
        endsAt: '',
        maxRedemptions: '',
        maxPerAccount: '1',
      }
    : {
        code: code.code,
        kind: code.kind,
        percent: optional(code.percent),
        amount: code.amountCents === null ? '' : centsToInput(code.amountCents),
        planId: optional(code.planId),
        period: code.period ?? '',
        startsAt: dayOf(code.startsAt),
        endsAt: dayOf(code.endsAt),
        maxRedemptions: optional(code.maxRedemptions),
        maxPerAccount: optional(code.maxPerAccount),
      };

/** A day picked in a date box, as the start (00:00) or the end (23:59:59.999) of that day in UTC. */
const dayBound = (day: string, end: boolean) => (day ? `${day}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : null);

/** The request the boxes stand for (a count that is no number is NaN, an amount that is none null). */
const requestOf = (values: Values): TDiscountCodeInput => ({
  code: values.code,
  kind: values.kind,
  percent: values.kind === 'percent' ? inputToCount(values.percent) : null,
  amountCents: values.kind === 'amount' && values.amount.trim() !== '' ? inputToCents(values.amount) : null,
  planId: values.planId ? Number(values.planId) : null,
  period: values.period === 'monthly' || values.period === 'yearly' ? values.period : null,
  startsAt: dayBound(values.startsAt, false),
  endsAt: dayBound(values.endsAt, true),
  maxRedemptions: inputToCount(values.maxRedemptions),
  maxPerAccount: inputToCount(values.maxPerAccount),
});

/** What the boxes hold that the schema cannot say in the form's words: counts that are no number, an amount that is none. */
function checkBoxes(values: Values): Record<string, string> {
  const found: Record<string, string> = {};
  const request = requestOf(values);
  const { percent } = request;
  if (Number.isNaN(percent)) found.percent = texts.numberInvalid;
  else if (percent != null && (percent < 1 || percent > 100)) found.percent = texts.percentInvalid;
  if (values.kind === 'amount' && values.amount.trim() !== '' && request.amountCents === null) {
    found.amountCents = texts.amountInvalid;
  }
  if (Number.isNaN(request.maxRedemptions)) found.maxRedemptions = texts.numberInvalid;
  if (Number.isNaN(request.maxPerAccount)) found.maxPerAccount = texts.numberInvalid;
  return found;
}

/** The amount's messages (the request's amountCents) show under its box. */
const fieldOf = (path: string) => (path === 'amountCents' ? 'amount' : path);

/**
 * Adds a discount code or changes one. Once a payment used a code, only its dates and use limits can
 * change (the server refuses the rest), so the other fields are shown but locked.
 */
export function DiscountCodeFormModal({ open, code, plans, action, onClose, onSaved }: Props) {
  // Given a new key at each opening (useDialog), the form starts from the code, or empty.
  const form = useSchemaForm({
    initial: valuesOf(code),
    schema: ZDiscountCodeInput,
    toBody: requestOf,
    check: checkBoxes,
    fieldOf,
    // The admin area's runner says how it went (a toast) and marks the form busy.
    save: (body) =>
      action.run('code', () => (code === 'new' ? createDiscountCode(body) : updateDiscountCode(code.id, body)), {
        success: (saved) => (code === 'new' ? texts.created(saved.code) : texts.saved(saved.code)),
        onDone: onSaved,
        onFieldError: (field, message): boolean => form.refuse(field, message),
      }),
    saved: () => {},
    failed: () => {},
  });
  const { values, field } = form;
  const used = code !== 'new' && code.redemptions > 0;
  const busy = action.busy === 'code';

  const submit = () => {
    if (!busy) form.submit();
  };

  const planOptions = [
    { label: texts.anyPlan, value: '' },
    // The free plan only if the code already names it (a code for it saves nothing).
    ...plans
      .filter((plan) => !plan.free || String(plan.id) === values.planId)
      .map((plan) => ({ label: plan.name, value: String(plan.id) })),
  ];
  const periodOptions = [
    { label: texts.periods.any, value: '' },
    { label: texts.periods.monthly, value: 'monthly' },
    { label: texts.periods.yearly, value: 'yearly' },
  ];

  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={code === 'new' ? texts.createTitle : texts.editTitle}
      primaryAction={{ content: code === 'new' ? texts.save : texts.saveChanges, loading: busy, onAction: submit }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose, disabled: busy }]}
    >
      <Modal.Section>
        <Form onSubmit={submit} noValidate>
          <BlockStack gap="400">
            {used ? <Banner tone="info">{adminMessages.discountCodeUsed}</Banner> : null}
            <FormLayout>
              <TextField
                label={texts.fields.code}
                {...field('code')}
                disabled={used}
                autoComplete="off"
                maxLength={billingLimits.discountCodeLength}
                helpText={texts.fields.codeHelp}
              />
              <FormLayout.Group>
                <Select
                  label={texts.fields.kind}
                  options={[
                    { label: texts.kinds.percent, value: 'percent' },
                    { label: texts.kinds.amount, value: 'amount' },
                  ]}
                  {...field('kind')}
                  disabled={used}
                />
                {values.kind === 'percent' ? (
                  <TextField
                    label={texts.fields.percent}
                    {...field('percent')}
                    disabled={used}
                    inputMode="numeric"
                    suffix="%"
                    autoComplete="off"
                  />
                ) : (
                  <TextField
                    label={texts.fields.amount}
                    {...field('amount')}
                    disabled={used}
                    inputMode="decimal"
                    prefix="$"
                    autoComplete="off"
                    helpText={texts.fields.amountHelp}
                  />
                )}
              </FormLayout.Group>
              <FormLayout.Group>
                <Select label={texts.fields.plan} options={planOptions} {...field('planId')} disabled={used} />
                <Select label={texts.fields.period} options={periodOptions} {...field('period')} disabled={used} />
              </FormLayout.Group>
              <FormLayout.Group>
                <TextField label={texts.fields.startsAt} type="date" {...field('startsAt')} autoComplete="off" />
                <TextField label={texts.fields.endsAt} type="date" {...field('endsAt')} autoComplete="off" />
              </FormLayout.Group>
              <FormLayout.Group>
                <TextField
                  label={texts.fields.maxRedemptions}
                  {...field('maxRedemptions')}
                  inputMode="numeric"
                  autoComplete="off"
                  helpText={texts.fields.limitHelp}
                />
                <TextField
                  label={texts.fields.maxPerAccount}
                  {...field('maxPerAccount')}
                  inputMode="numeric"
                  autoComplete="off"
                  helpText={texts.fields.limitHelp}
                />
              </FormLayout.Group>
            </FormLayout>
          </BlockStack>
        </Form>
      </Modal.Section>
    </Modal>
  );
}
