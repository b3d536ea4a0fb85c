import {
  Banner,
  BlockStack,
  Button,
  ButtonGroup,
  Checkbox,
  ChoiceList,
  FormLayout,
  InlineStack,
  Select,
  SkeletonBodyText,
  Text,
  TextField,
} from '@shopify/polaris';
import { currencyDigits, toMinorUnits } from '@quizlead/shared/reports.ts';
import {
  postPurchaseAudiences,
  type PostPurchaseAudience,
  type TPostPurchaseSettingsResponse,
} from '@quizlead/shared/schemas/postPurchase.ts';
import { useState } from 'react';
import { getPostPurchaseSurvey, savePostPurchaseSurvey } from '../../api/shopify.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { useResource } from '../../data/useResource.ts';
import { useShowToast } from '../../toast.ts';
import { adminUrl } from '../../urls.ts';
import { fieldOf, settingsProblem } from './problems.ts';
import { postPurchaseTexts as texts } from './postPurchaseTexts.ts';
import { SettingsProblem, type Problem } from './SettingsProblem.tsx';

type View = TPostPurchaseSettingsResponse['data'];

/** Minor units as the owner types an amount: 1999 → '19.99', JPY 1500 → '1500'; exact, no floating point. */
export function minorToAmount(minor: number | null, currency: string | null): string {
  if (minor === null) return '';
  const digits = currencyDigits(currency ?? 'USD');
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** An amount typed by the owner in minor units; null for empty, undefined for something that is not an amount. */
export function amountToMinor(amount: string, currency: string | null): number | null | undefined {
  const trimmed = amount.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  return toMinorUnits(trimmed, currency ?? 'USD') ?? undefined;
}

/**
 * Settings → Post-purchase survey (Shopify only): which poll or web response the thank-you and order
 * status blocks ask, and for which orders. Loading, "create one first", failed and saved states.
 */
export function PostPurchaseSurveyPanel() {
  const resource = useResource(['shopify', 'post-purchase-survey'], getPostPurchaseSurvey);
  const { loaded } = resource;
  if (loaded.state === 'failed')
    return <LoadFailed title={texts.loadFailed} message={loaded.message} onRetry={resource.reload} />;
  if (loaded.state !== 'ready') return <SkeletonBodyText lines={5} />;
  if (loaded.data.items.length === 0) return <NoItems />;
  return <SurveyForm key={loaded.data.survey?.updatedAt ?? 'new'} view={loaded.data} />;
}

function NoItems() {
  return (
    <Banner tone="info" title={texts.empty}>
      <BlockStack gap="200">
        <p>{texts.emptyHelp}</p>
        <ButtonGroup>
          <Button url={adminUrl('poll/create')}>{texts.createPoll}</Button>
          <Button url={adminUrl('Feedback')}>{texts.createFeedback}</Button>
        </ButtonGroup>
      </BlockStack>
    </Banner>
  );
}

function SurveyForm({ view }: { view: View }) {
  const showToast = useShowToast();
  const { survey, items, currency } = view;
  const [current, setCurrent] = useState<View>(view);
  const [item, setItem] = useState(survey ? `${survey.itemKind}:${survey.itemId}` : '');
  const [audience, setAudience] = useState<PostPurchaseAudience>(survey?.audience ?? 'all');
  const [min, setMin] = useState(minorToAmount(survey?.minOrderMinor ?? null, currency));
  const [max, setMax] = useState(minorToAmount(survey?.maxOrderMinor ?? null, currency));
  const [oncePerCustomer, setOncePerCustomer] = useState(survey?.oncePerCustomer ?? true);
  const [enabled, setEnabled] = useState(survey?.enabled ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  const options = [
    { label: texts.itemPlaceholder, value: '', disabled: true },
    ...items.map((entry) => ({ label: texts.itemLabel(entry.kind, entry.title), value: `${entry.kind}:${entry.id}` })),
  ];

  async function save() {
    setProblem(null);
    const found: Record<string, string> = {};
    const [kind, id] = item.split(':') as ['poll' | 'feedback', string];
    if (!item) found.itemId = texts.chooseItem;
    const minOrderMinor = amountToMinor(min, current.currency);
    const maxOrderMinor = amountToMinor(max, current.currency);
    if (minOrderMinor === undefined) found.minOrderMinor = texts.amountInvalid;
    if (maxOrderMinor === undefined) found.maxOrderMinor = texts.amountInvalid;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saved = await savePostPurchaseSurvey({
        itemKind: kind,
        itemId: id,
        audience,
        minOrderMinor: minOrderMinor ?? null,
        maxOrderMinor: maxOrderMinor ?? null,
        oncePerCustomer,
        enabled,
      });
      setCurrent(saved);
      showToast(texts.saved);
    } catch (error) {
      const field = fieldOf(error);
      if (field) setErrors({ [field.field]: field.message });
      else setProblem(settingsProblem(error));
    } finally {
      setBusy(false);
    }
  }

  const suffix = current.currency ?? undefined;
  return (
    <BlockStack gap="400">
      <Text as="p" tone="subdued">
        {texts.intro}
      </Text>
      <FormLayout>
        <Select
          label={texts.item}
          options={options}
          value={item}
          onChange={(value) => {
            setItem(value);
            setErrors(({ itemId: _dropped, ...rest }) => rest);
          }}
          error={errors.itemId ?? errors.itemKind}
        />
        <ChoiceList
          title={texts.audience}
          choices={postPurchaseAudiences.map((value) => ({ label: texts.audiences[value], value }))}
          selected={[audience]}
          onChange={([value]) => setAudience((value as PostPurchaseAudience | undefined) ?? 'all')}
        />
        <Text as="p" tone="subdued" variant="bodySm">
          {texts.audienceHelp}
        </Text>
        <FormLayout.Group condensed>
          <TextField
            label={texts.minOrder}
            value={min}
            onChange={setMin}
            inputMode="decimal"
            autoComplete="off"
            suffix={suffix}
            error={errors.minOrderMinor}
          />
          <TextField
            label={texts.maxOrder}
            value={max}
            onChange={setMax}
            inputMode="decimal"
            autoComplete="off"
            suffix={suffix}
            error={errors.maxOrderMinor}
          />
        </FormLayout.Group>
        <Text as="p" tone="subdued" variant="bodySm">
          {texts.rangeHelp(current.currency)}
        </Text>
        <Checkbox
          label={texts.oncePerCustomer}
          helpText={texts.oncePerCustomerHelp}
          checked={oncePerCustomer}
          onChange={setOncePerCustomer}
        />
        <Checkbox label={texts.enabled} checked={enabled} onChange={setEnabled} />
      </FormLayout>
      <SettingsProblem problem={problem} onDismiss={() => setProblem(null)} />
      <InlineStack align="end">
        <Button variant="primary" loading={busy} onClick={() => void save()}>
          {texts.save}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
