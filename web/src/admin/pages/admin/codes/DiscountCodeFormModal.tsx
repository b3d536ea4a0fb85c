import { Banner, BlockStack, Form, FormLayout, Modal, Select, TextField } from '@shopify/polaris';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { billingLimits, type TDiscountKind } from '@quizlead/shared/billing.ts';
import { ZDiscountCodeInput, type TAdminDiscountCode, type TDiscountCodeInput } from '@quizlead/shared/schemas/billing.ts';
import { useState } from 'react';
import { createDiscountCode, updateDiscountCode, type AdminPlan } from '../../../api/admin.ts';
import { fieldErrors } from '../../../forms/issues.ts';
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
type Errors = Partial<Record<keyof TDiscountCodeInput, string>>;

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

/**
 * Adds a discount code or changes one. Once a payment used a code, only its dates and use limits can
 * change (the server refuses the rest), so the other fields are shown but locked.
 */
export function DiscountCodeFormModal({ open, code, plans, action, onClose, onSaved }: Props) {
  // Given a new key at each opening (useDialog), the form starts from the code, or empty.
  const [values, setValues] = useState<Values>(() => valuesOf(code));
  const [errors, setErrors] = useState<Errors>({});
  const used = code !== 'new' && code.redemptions > 0;

  const set = (field: keyof Values, errorField: keyof TDiscountCodeInput) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [errorField]: undefined }));
  };

  const busy = action.busy === 'code';

  async function submit() {
    if (busy) return;
    const found: Errors = {};
    const count = (text: string, field: keyof TDiscountCodeInput) => {
      const value = inputToCount(text);
      if (Number.isNaN(value)) found[field] = texts.numberInvalid;
      return value;
    };
    const percent = values.kind === 'percent' ? count(values.percent, 'percent') : null;
    if (percent !== null && (percent < 1 || percent > 100)) found.percent = texts.percentInvalid;
    let amountCents: number | null = null;
    if (values.kind === 'amount' && values.amount.trim() !== '') {
      amountCents = inputToCents(values.amount);
      if (amountCents === null) found.amountCents = texts.amountInvalid;
    }
    const request: TDiscountCodeInput = {
      code: values.code,
      kind: values.kind,
      percent,
      amountCents,
      planId: values.planId ? Number(values.planId) : null,
      period: values.period === 'monthly' || values.period === 'yearly' ? values.period : null,
      startsAt: dayBound(values.startsAt, false),
      endsAt: dayBound(values.endsAt, true),
      maxRedemptions: count(values.maxRedemptions, 'maxRedemptions'),
      maxPerAccount: count(values.maxPerAccount, 'maxPerAccount'),
    };
    const parsed = ZDiscountCodeInput.safeParse(request);
    const all = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...found };
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(all);
      return;
    }
    await action.run(
      'code',
      () => (code === 'new' ? createDiscountCode(parsed.data) : updateDiscountCode(code.id, parsed.data)),
      {
        success: (saved) => (code === 'new' ? texts.created(saved.code) : texts.saved(saved.code)),
        onDone: onSaved,
        onFieldError: (field, message) => {
          setErrors({ [field]: message });
          return true;
        },
      },
    );
  }

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
      primaryAction={{ content: code === 'new' ? texts.save : texts.saveChanges, loading: busy, onAction: () => void submit() }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose, disabled: busy }]}
    >
      <Modal.Section>
        <Form onSubmit={() => void submit()} noValidate>
          <BlockStack gap="400">
            {used ? <Banner tone="info">{adminMessages.discountCodeUsed}</Banner> : null}
            <FormLayout>
              <TextField
                label={texts.fields.code}
                value={values.code}
                onChange={set('code', 'code')}
                disabled={used}
                autoComplete="off"
                maxLength={billingLimits.discountCodeLength}
                helpText={texts.fields.codeHelp}
                error={errors.code}
              />
              <FormLayout.Group>
                <Select
                  label={texts.fields.kind}
                  options={[
                    { label: texts.kinds.percent, value: 'percent' },
                    { label: texts.kinds.amount, value: 'amount' },
                  ]}
                  value={values.kind}
                  onChange={set('kind', 'kind')}
                  disabled={used}
                  error={errors.kind}
                />
                {values.kind === 'percent' ? (
                  <TextField
                    label={texts.fields.percent}
                    value={values.percent}
                    onChange={set('percent', 'percent')}
                    disabled={used}
                    inputMode="numeric"
                    suffix="%"
                    autoComplete="off"
                    error={errors.percent}
                  />
                ) : (
                  <TextField
                    label={texts.fields.amount}
                    value={values.amount}
                    onChange={set('amount', 'amountCents')}
                    disabled={used}
                    inputMode="decimal"
                    prefix="$"
                    autoComplete="off"
                    helpText={texts.fields.amountHelp}
                    error={errors.amountCents}
                  />
                )}
              </FormLayout.Group>
              <FormLayout.Group>
                <Select
                  label={texts.fields.plan}
                  options={planOptions}
                  value={values.planId}
                  onChange={set('planId', 'planId')}
                  disabled={used}
                  error={errors.planId}
                />
                <Select
                  label={texts.fields.period}
                  options={periodOptions}
                  value={values.period}
                  onChange={set('period', 'period')}
                  disabled={used}
                  error={errors.period}
                />
              </FormLayout.Group>
              <FormLayout.Group>
                <TextField
                  label={texts.fields.startsAt}
                  type="date"
                  value={values.startsAt}
                  onChange={set('startsAt', 'startsAt')}
                  autoComplete="off"
                  error={errors.startsAt}
                />
                <TextField
                  label={texts.fields.endsAt}
                  type="date"
                  value={values.endsAt}
                  onChange={set('endsAt', 'endsAt')}
                  autoComplete="off"
                  error={errors.endsAt}
                />
              </FormLayout.Group>
              <FormLayout.Group>
                <TextField
                  label={texts.fields.maxRedemptions}
                  value={values.maxRedemptions}
                  onChange={set('maxRedemptions', 'maxRedemptions')}
                  inputMode="numeric"
                  autoComplete="off"
                  helpText={texts.fields.limitHelp}
                  error={errors.maxRedemptions}
                />
                <TextField
                  label={texts.fields.maxPerAccount}
                  value={values.maxPerAccount}
                  onChange={set('maxPerAccount', 'maxPerAccount')}
                  inputMode="numeric"
                  autoComplete="off"
                  helpText={texts.fields.limitHelp}
                  error={errors.maxPerAccount}
                />
              </FormLayout.Group>
            </FormLayout>
          </BlockStack>
        </Form>
      </Modal.Section>
    </Modal>
  );
}
