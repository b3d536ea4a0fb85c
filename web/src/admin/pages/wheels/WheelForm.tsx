import { quizDefaults, quizLimits } from '@quizlead/shared/quizzes.ts';
import {
  Banner,
  BlockStack,
  Button,
  ChoiceList,
  InlineError,
  InlineGrid,
  InlineStack,
  Select,
  Text,
  TextField,
  Tooltip,
} from '@shopify/polaris';
import { DeleteIcon } from '@shopify/polaris-icons';
import {
  wheelDefaults,
  wheelLimits,
  wheelMessages,
  wheelPalette,
  engagementSwitchHelp,
  type PlayButtonType,
  type EngagementStatus,
} from '@quizlead/shared/engagement.ts';
import type { TPrizePool } from '@quizlead/shared/schemas/prizes.ts';
import { wheelIgnoreEmailTagsDefault, ZWheelRequest, type TWheel } from '@quizlead/shared/schemas/wheel.ts';
import { useNavigate } from 'react-router';
import { wheelApi } from '../../api/engagement.ts';
import { getPrizeOptions } from '../../api/wheels.ts';
import { ImageField } from '../../components/ImageField.tsx';
import { DescriptionField } from '../../components/engagement/DescriptionField.tsx';
import { AdPixelFields } from '../../components/engagement/AdPixelFields.tsx';
import { EngagementFormPage } from '../../components/engagement/EngagementFormPage.tsx';
import { LanguagesSection } from '../../components/languages/LanguagesSection.tsx';
import { OptionsFieldset } from '../../components/engagement/OptionsFieldset.tsx';
import { statusLabels } from '../../components/engagement/StatusBadge.tsx';
import { useEngagementForm } from '../../components/engagement/useEngagementForm.ts';
import { useResource } from '../../data/useResource.ts';
import { useOptionRows } from '../../components/engagement/useOptionRows.ts';
import { isEmbedded } from '../../shell.ts';
import { useShowToast } from '../../toast.ts';
import { Switch } from '../quizEditor/fields/Switch.tsx';
import { englishWords, ResultEmailPreview, sampleRespondent } from '../../components/ResultEmailPreview.tsx';
import { resultEmailPlaceholders, resultEmailTexts } from '@quizlead/shared/resultEmail.ts';
// The switch's and colour field's styles.
import '../quizEditor/quizEditor.css';
import { useMemo } from 'react';
import { MarginGuard, percent } from './MarginGuard.tsx';
import { draftValue, prizeDraft, prizeFromDraft, UniquePrizeFields, type PrizeDraft } from './PrizeFields.tsx';
import { prizeTexts, wheelList, wheelTexts } from './texts.ts';
import { WheelPreview } from './WheelPreview.tsx';
import { adminUrl } from '../../urls.ts';

type PrizeKind = 'static' | 'unique';

interface Option {
  key: number;
  text: string;
  /** As typed: blank means the default weight. */
  weight: string;
  prizeKind: PrizeKind;
  prizeCode: string;
  prize: PrizeDraft;
  /** The saved slice's unique codes, as the server last told. */
  pool: TPrizePool | null;
}

/** A wheel's settings: all of it but its description and options, held in the form as the server sends them. */
interface Settings {
  status: EngagementStatus;
  collectEmail: boolean;
  allowRepeatSpins: boolean;
  ignoreEmailTags: boolean;
  playButtonType: PlayButtonType;
  playButtonText: string;
  playButtonImage: string | null;
  askPhone: boolean;
  smsConsentText: string;
  resultEmail: boolean;
  resultEmailSubject: string;
  resultEmailBody: string;
  metaPixelId: string;
  tiktokPixelId: string;
}

interface Values extends Settings {
  description: string;
  options: Option[];
}

/** A new wheel's settings. */
const newSettings: Settings = {
  status: wheelDefaults.status,
  collectEmail: wheelDefaults.collectEmail,
  allowRepeatSpins: wheelDefaults.allowRepeatSpins,
  ignoreEmailTags: wheelIgnoreEmailTagsDefault,
  playButtonType: wheelDefaults.playButtonType,
  playButtonText: wheelDefaults.playButtonText,
  playButtonImage: null,
  askPhone: false,
  smsConsentText: quizDefaults.smsConsentText,
  resultEmail: false,
  resultEmailSubject: '',
  resultEmailBody: '',
  metaPixelId: '',
  tiktokPixelId: '',
};

const settingKeys = Object.keys(newSettings) as (keyof Settings)[];

/** The settings of a saved wheel (into the form) or of the form's values (into the request): those keys, and no other. */
const settingsOf = (source: Settings): Settings => pick(source, settingKeys);

function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<T, K>;
}

let nextKey = 1;
const option = (fields: Partial<Omit<Option, 'key'>> = {}): Option => ({
  key: nextKey++,
  text: '',
  weight: '',
  prizeKind: 'static',
  prizeCode: '',
  prize: prizeDraft(null),
  pool: null,
  ...fields,
});

const statusOptions = (['published', 'unpublished'] as const).map((status) => ({ label: statusLabels[status], value: status }));
const playButtonChoices = [
  { label: 'Text', value: 'text' },
  { label: 'Image', value: 'image' },
];

function initialValues(wheel: TWheel | undefined): Values {
  if (!wheel) {
    return {
      description: '',
      options: Array.from({ length: wheelLimits.optionsAtStart }, () => option()),
      ...newSettings,
    };
  }
  return {
    description: wheel.description,
    options: wheel.options.map((item) =>
      option({
        text: item.text,
        weight: item.weight === wheelDefaults.weight ? '' : String(item.weight),
        prizeKind: item.prize ? 'unique' : 'static',
        prizeCode: item.prizeCode,
        prize: prizeDraft(item.prize),
        pool: item.prizePool,
      }),
    ),
    ...settingsOf(wheel),
  };
}

const blank = (item: Option) => !item.text.trim() && !item.weight.trim() && !item.prizeCode.trim() && item.prizeKind === 'static';
const weightOf = (item: Option) => (item.weight.trim() === '' ? undefined : Number(item.weight));
const optionFieldId = (key: number) => `wheel-option-${key}`;

/** The form's name of an option's field in an error path (options.N.prize.value → prizeValue). */
function optionField(field: string, inner: string | undefined): string {
  if (field !== 'prize') return field;
  if (inner === 'value' || inner === 'valueType') return 'prizeValue';
  return inner === 'expiresInDays' ? 'prizeExpiry' : 'prize';
}

/** Rows left wholly blank are not options; the rest are checked one by one. */
const keptOptions = (values: Values) => values.options.filter((item) => !blank(item));

/** Create (no `wheel`) or edit a wheel spinner, with a preview wheel that spins. */
export function WheelForm({ wheel }: { wheel?: TWheel }) {
  const navigate = useNavigate();
  const showToast = useShowToast();
  const editing = wheel !== undefined;
  // Unique codes are Shopify discounts: the embedded app is a shop, the server confirms it.
  const { loaded: prizeOptions, reload: reloadPrizeOptions } = useResource(['prize-options'], getPrizeOptions);
  const uniqueCodes = prizeOptions.state === 'ready' ? prizeOptions.data.uniqueCodes : isEmbedded();
  const kindOptions = [
    { label: prizeTexts.kinds.static, value: 'static' },
    { label: prizeTexts.kinds.unique, value: 'unique', disabled: prizeOptions.state !== 'ready' || !uniqueCodes },
  ];

  const form = useEngagementForm({
    initial: initialValues(wheel),
    schema: ZWheelRequest,
    toBody: (values: Values) => ({
      description: values.description,
      options: keptOptions(values).map((item) =>
        item.prizeKind === 'unique'
          ? { text: item.text, weight: weightOf(item), prizeCode: '', prize: prizeFromDraft(item.prize) }
          : { text: item.text, weight: weightOf(item), prizeCode: item.prizeCode, prize: null },
      ),
      ...settingsOf(values),
    }),
    // An option's message shows under its own input (options.N.prize.value → that row's value field).
    fieldOf: (path, values) => {
      const match = /^options\.(\d+)\.(text|weight|prizeCode|prize)(?:\.(value|valueType|expiresInDays))?/.exec(path);
      const item = match ? keptOptions(values)[Number(match[1])] : undefined;
      return item ? `option-${item.key}-${optionField(match![2]!, match![3])}` : path;
    },
    save: (body) => (editing ? wheelApi.update(wheel.id, body) : wheelApi.create(body)),
    saved: () => {
      showToast(editing ? wheelTexts.updated : wheelTexts.created);
      navigate(adminUrl('wheel_spinner/lists'));
    },
  });
  const { values, set, error, field, toggle } = form;
  const firstOption = values.options.find((item) => item.text.trim())?.text.trim() || '10% off';
  const prizeSample = useMemo(() => sampleRespondent(firstOption), [firstOption]);

  const setOption = (key: number, change: Partial<Option>, field: string) =>
    form.update(
      (current) => ({ ...current, options: current.options.map((item) => (item.key === key ? { ...item, ...change } : item)) }),
      `option-${key}-${field}`,
      'options',
    );

  /** A slice's own code: in the row beside the weight, or under it with a word on unique codes where the shop has them. */
  const prizeCodeField = (item: Option, helpText?: string) => (
    <TextField
      label={prizeTexts.staticCode}
      value={item.prizeCode}
      onChange={(prizeCode) => setOption(item.key, { prizeCode }, 'prizeCode')}
      autoComplete="off"
      maxLength={wheelLimits.prizeCode}
      placeholder="Optional"
      helpText={helpText}
      error={error(`option-${item.key}-prizeCode`)}
    />
  );

  const { add: addOption, remove: removeOption } = useOptionRows({
    options: values.options,
    setOptions: (options) => set('options', options),
    blank: () => option(),
    limits: { min: wheelLimits.optionsMin, max: wheelLimits.optionsMax },
    messages: { min: wheelMessages.optionsMin, max: wheelMessages.optionsMax },
    fieldId: optionFieldId,
  });

  const previewOptions = values.options.map((item) => {
    const weight = weightOf(item);
    return { text: item.text, weight: weight !== undefined && Number.isFinite(weight) && weight > 0 ? weight : 1 };
  });
  // As the server draws: each slice's weight over the sum (rows left blank are not slices).
  const drawn = values.options
    .map((item, index) => ({ item, weight: previewOptions[index]!.weight }))
    .filter(({ item }) => !blank(item));
  const total = drawn.reduce((sum, { weight }) => sum + weight, 0);
  const chanceOf = (item: Option) => {
    const slice = drawn.find((entry) => entry.item.key === item.key);
    return slice && total > 0 ? percent(slice.weight / total) : null;
  };
  const guarded = drawn.map(({ item, weight }) => {
    const value = item.prizeKind === 'unique' ? draftValue(item.prize) : null;
    return { text: item.text, weight, prize: value === null ? null : { valueType: item.prize.valueType, value } };
  });

  return (
    <EngagementFormPage
      title={editing ? wheelTexts.editTitle : wheelTexts.createTitle}
      backAction={wheelList()}
      cancelUrl={adminUrl('wheel_spinner/lists')}
      submitLabel={editing ? wheelTexts.updateButton : wheelTexts.createButton}
      form={form}
      after={wheel ? <LanguagesSection kind="wheel" id={wheel.id} /> : null}
      preview={
        <WheelPreview
          options={previewOptions}
          playButtonType={values.playButtonType}
          playButtonText={values.playButtonText}
          playButtonImage={values.playButtonImage}
        />
      }
    >
      <DescriptionField
        helpText="Shown above the wheel: what visitors can win."
        {...field('description')}
        maxLength={wheelLimits.description}
      />
      <OptionsFieldset
        id="wheel"
        limits={{ min: wheelLimits.optionsMin, max: wheelLimits.optionsMax }}
        error={error('options')}
        onAdd={addOption}
        intro={
          <Text as="p" tone="subdued">
            A weight makes an option more or less likely (1 when left empty); a prize code is shown to whoever lands on it.
          </Text>
        }
        after={
          <>
            {prizeOptions.state === 'failed' ? (
              <Banner tone="warning" action={{ content: prizeTexts.retry, onAction: reloadPrizeOptions }}>
                {prizeTexts.checkFailed}
              </Banner>
            ) : null}
            <MarginGuard slices={guarded} />
          </>
        }
      >
        {values.options.map((item, index) => (
          <fieldset className="ql-wheel-option" key={item.key}>
            <legend className="ql-wheel-option__legend">{`Option ${index + 1}`}</legend>
            <BlockStack gap="200">
              <InlineStack align="space-between" blockAlign="center">
                <div aria-hidden="true">
                  <InlineStack gap="200" blockAlign="center">
                    <span className="ql-wheel-option__swatch" style={{ background: wheelPalette[index % wheelPalette.length] }} />
                    <Text as="span" fontWeight="semibold">{`Option ${index + 1}`}</Text>
                  </InlineStack>
                </div>
                <Tooltip content="Remove option">
                  <Button
                    icon={DeleteIcon}
                    variant="tertiary"
                    accessibilityLabel={`Remove option ${index + 1}`}
                    onClick={() => removeOption(index)}
                  />
                </Tooltip>
              </InlineStack>
              <InlineGrid columns={{ xs: 1, md: '3fr 1fr 2fr' }} gap="300">
                <TextField
                  id={optionFieldId(item.key)}
                  label="Text"
                  value={item.text}
                  onChange={(text) => setOption(item.key, { text }, 'text')}
                  autoComplete="off"
                  maxLength={wheelLimits.option}
                  showCharacterCount
                  error={error(`option-${item.key}-text`)}
                />
                <TextField
                  label="Weight"
                  type="number"
                  min={0}
                  max={wheelLimits.weightMax}
                  step={1}
                  placeholder={String(wheelDefaults.weight)}
                  value={item.weight}
                  onChange={(weight) => setOption(item.key, { weight }, 'weight')}
                  helpText={chanceOf(item) ? prizeTexts.chance(chanceOf(item)!) : undefined}
                  autoComplete="off"
                  error={error(`option-${item.key}-weight`)}
                />
                {uniqueCodes || item.prizeKind === 'unique' ? (
                  <Select
                    id={`wheel-option-${item.key}-kind`}
                    label={prizeTexts.label}
                    options={kindOptions}
                    value={item.prizeKind}
                    onChange={(prizeKind) => setOption(item.key, { prizeKind: prizeKind as PrizeKind }, 'prize')}
                    helpText={prizeOptions.state === 'loading' ? prizeTexts.checking : undefined}
                    error={error(`option-${item.key}-prize`)}
                  />
                ) : (
                  prizeCodeField(item)
                )}
              </InlineGrid>
              {(uniqueCodes || item.prizeKind === 'unique') && item.prizeKind === 'static'
                ? prizeCodeField(item, prizeTexts.staticHelp)
                : null}
              {item.prizeKind === 'unique' ? (
                <BlockStack gap="200">
                  <Text as="p" tone="subdued" variant="bodySm">
                    {prizeTexts.uniqueHelp}
                  </Text>
                  <UniquePrizeFields
                    idPrefix={`wheel-option-${item.key}-prize`}
                    draft={item.prize}
                    onChange={(prize, field) => setOption(item.key, { prize }, field)}
                    errors={{
                      value: error(`option-${item.key}-prizeValue`),
                      expiry: error(`option-${item.key}-prizeExpiry`),
                    }}
                    pool={item.pool}
                  />
                </BlockStack>
              ) : null}
            </BlockStack>
          </fieldset>
        ))}
      </OptionsFieldset>
      <BlockStack gap="300">
        <ChoiceList
          title="Play button"
          choices={playButtonChoices}
          selected={[values.playButtonType]}
          onChange={([type]) => set('playButtonType', (type ?? 'text') as PlayButtonType)}
        />
        {values.playButtonType === 'text' ? (
          <TextField
            label="Play button text"
            {...field('playButtonText')}
            placeholder={wheelDefaults.playButtonText}
            autoComplete="off"
            maxLength={wheelLimits.playButtonText}
            showCharacterCount
          />
        ) : (
          <BlockStack gap="100">
            <ImageField
              label="Play button image"
              value={values.playButtonImage}
              onChange={(url) => set('playButtonImage', url)}
              preferredSize={`${wheelLimits.playButtonImageWidth}x${wheelLimits.playButtonImageHeight}`}
            />
            {error('playButtonImage') ? (
              <InlineError message={error('playButtonImage')!} fieldID="wheel-play-button-image" />
            ) : null}
          </BlockStack>
        )}
      </BlockStack>
      <Switch label="Allow repeat spins" {...toggle('allowRepeatSpins')} helpText={engagementSwitchHelp.wheelRepeatSpins} />
      {/* Only the one-spin-per-email check reads it. */}
      <Switch
        label={wheelTexts.ignoreEmailTagsLabel}
        {...toggle('ignoreEmailTags')}
        disabled={values.allowRepeatSpins || !values.collectEmail}
        helpText={wheelTexts.ignoreEmailTagsHelp}
      />
      <Switch label="Ask for the player's email" {...toggle('collectEmail')} helpText={engagementSwitchHelp.wheelEmail} />
      <Switch
        label={wheelTexts.askPhoneLabel}
        {...toggle('askPhone')}
        disabled={!values.collectEmail}
        helpText={wheelTexts.askPhoneHelp}
      />
      {values.collectEmail && values.askPhone ? (
        <TextField
          label={wheelTexts.smsConsentTextLabel}
          {...field('smsConsentText')}
          helpText={wheelTexts.smsConsentTextHelp}
          autoComplete="off"
          multiline={3}
          maxLength={quizLimits.smsConsentText}
          showCharacterCount
        />
      ) : null}
      <Switch
        label={resultEmailTexts.wheelSwitch}
        {...toggle('resultEmail')}
        disabled={!values.collectEmail}
        helpText={{ on: resultEmailTexts.wheelSwitchHelp, off: resultEmailTexts.wheelSwitchHelp }}
      />
      {values.collectEmail && values.resultEmail ? (
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
          <BlockStack gap="300">
            <TextField
              label={resultEmailTexts.subject}
              {...field('resultEmailSubject')}
              placeholder={englishWords('resultEmail.defaultSubject')}
              helpText={resultEmailTexts.subjectHelp}
              autoComplete="off"
              maxLength={quizLimits.resultEmailSubject}
              showCharacterCount
            />
            <TextField
              label={resultEmailTexts.body}
              {...field('resultEmailBody')}
              placeholder={englishWords('resultEmail.defaultBody')}
              helpText={resultEmailTexts.bodyHelp(resultEmailPlaceholders.wheel)}
              autoComplete="off"
              multiline={8}
              maxLength={quizLimits.resultEmailBody}
              showCharacterCount
            />
          </BlockStack>
          <ResultEmailPreview subject={values.resultEmailSubject} body={values.resultEmailBody} sample={prizeSample} />
        </InlineGrid>
      ) : null}
      <Select
        label="Status"
        options={statusOptions}
        value={values.status}
        onChange={(value) => set('status', value as EngagementStatus)}
        helpText="Unpublished wheels are not shown to visitors."
      />
      <AdPixelFields field={field} />
    </EngagementFormPage>
  );
}
