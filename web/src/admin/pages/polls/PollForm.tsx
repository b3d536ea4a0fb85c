import { Banner, BlockStack, Button, InlineGrid, Select, TextField, Tooltip } from '@shopify/polaris';
import { DeleteIcon } from '@shopify/polaris-icons';
import {
  pollDefaults,
  pollLimits,
  pollMessages,
  engagementSwitchHelp,
  type EngagementStatus,
} from '@quizlead/shared/engagement.ts';
import { ZCreatePollRequest, ZUpdatePollRequest, type TPoll } from '@quizlead/shared/schemas/poll.ts';
import { useNavigate } from 'react-router';
import { pollApi } from '../../api/engagement.ts';
import { AdPixelFields } from '../../components/engagement/AdPixelFields.tsx';
import { DescriptionField } from '../../components/engagement/DescriptionField.tsx';
import { EngagementFormPage } from '../../components/engagement/EngagementFormPage.tsx';
import { LanguagesSection } from '../../components/languages/LanguagesSection.tsx';
import { OptionsFieldset } from '../../components/engagement/OptionsFieldset.tsx';
import { statusLabels } from '../../components/engagement/StatusBadge.tsx';
import { useEngagementForm } from '../../components/engagement/useEngagementForm.ts';
import { useOptionRows } from '../../components/engagement/useOptionRows.ts';
import { useShowToast } from '../../toast.ts';
import { ColorField } from '../quizEditor/fields/ColorField.tsx';
import { Switch } from '../quizEditor/fields/Switch.tsx';
// The switch's and colour field's styles.
import '../quizEditor/quizEditor.css';
import { PollPreview } from './PollPreview.tsx';
import { pollList, pollTexts } from './texts.ts';
import { adminUrl } from '../../urls.ts';

interface Option {
  key: number;
  text: string;
}

interface Values {
  description: string;
  options: Option[];
  status: EngagementStatus;
  collectEmail: boolean;
  allowRepeatVotes: boolean;
  customColors: boolean;
  colors: { background: string; text: string };
  metaPixelId: string;
  tiktokPixelId: string;
}

let nextKey = 1;
const option = (text = ''): Option => ({ key: nextKey++, text });

const statusOptions = (['published', 'unpublished'] as const).map((status) => ({ label: statusLabels[status], value: status }));

function initialValues(poll: TPoll | undefined): Values {
  const defaults = { ...pollDefaults.colors };
  if (!poll) {
    return {
      description: '',
      options: Array.from({ length: pollLimits.optionsMin }, () => option()),
      status: pollDefaults.status,
      collectEmail: pollDefaults.collectEmail,
      allowRepeatVotes: pollDefaults.allowRepeatVotes,
      customColors: false,
      colors: defaults,
      metaPixelId: '',
      tiktokPixelId: '',
    };
  }
  const custom = poll.colors.background !== defaults.background || poll.colors.text !== defaults.text;
  return {
    description: poll.description,
    options: poll.options.map((text) => option(text)),
    status: poll.status,
    collectEmail: poll.collectEmail,
    allowRepeatVotes: poll.allowRepeatVotes,
    customColors: custom,
    colors: { ...poll.colors },
    metaPixelId: poll.metaPixelId,
    tiktokPixelId: poll.tiktokPixelId,
  };
}

const optionFieldId = (key: number) => `poll-option-${key}`;

/** The blank option inputs are left out: 'Poll option is required.' when none is filled, 'Min two…' for one. */
const filledOptions = (values: Values) => values.options.filter((item) => item.text.trim() !== '');

/**
 * Create (no `poll`) or edit a poll. Once it has votes its options are locked (read-only, with the spec's
 * 'Voting already started' tip on them); everything else (status, description, email, colours) still saves.
 */
export function PollForm({ poll }: { poll?: TPoll }) {
  const navigate = useNavigate();
  const showToast = useShowToast();
  const editing = poll !== undefined;
  const locked = editing && poll.totalVotes > 0;
  const form = useEngagementForm({
    initial: initialValues(poll),
    schema: editing ? ZUpdatePollRequest : ZCreatePollRequest,
    toBody: (values: Values) => ({
      description: values.description,
      options: filledOptions(values).map((item) => item.text),
      status: values.status,
      collectEmail: values.collectEmail,
      allowRepeatVotes: values.allowRepeatVotes,
      colors: values.customColors ? values.colors : { ...pollDefaults.colors },
      expiresAt: poll?.expiresAt ?? null,
      metaPixelId: values.metaPixelId,
      tiktokPixelId: values.tiktokPixelId,
    }),
    // Per-option messages name the filled option; they show under its input.
    fieldOf: (path, values) => {
      const match = /^options\.(\d+)/.exec(path);
      const item = match ? filledOptions(values)[Number(match[1])] : undefined;
      return item ? `option-${item.key}` : path;
    },
    save: (body) => (editing ? pollApi.update(poll.id, body) : pollApi.create(body)),
    saved: (saved) => {
      showToast(editing ? pollTexts.updated : pollTexts.created);
      navigate(adminUrl('poll/share', saved.id, saved.slug));
    },
  });
  const { values, set, error, field, toggle } = form;

  const setOption = (key: number, text: string) => {
    set(
      'options',
      values.options.map((item) => (item.key === key ? { ...item, text } : item)),
    );
    form.clear(`option-${key}`);
  };

  const { add: addOption, remove: removeOption } = useOptionRows({
    options: values.options,
    setOptions: (options) => set('options', options),
    blank: () => option(),
    limits: { min: pollLimits.optionsMin, max: pollLimits.optionsMax },
    messages: { min: pollMessages.optionsMin, max: pollMessages.optionsMax },
    fieldId: optionFieldId,
  });

  return (
    <EngagementFormPage
      title={editing ? pollTexts.editTitle : pollTexts.createTitle}
      backAction={pollList()}
      cancelUrl={adminUrl('poll/lists')}
      submitLabel={editing ? pollTexts.updateButton : pollTexts.createButton}
      form={form}
      after={poll ? <LanguagesSection kind="poll" id={poll.id} /> : null}
      preview={
        <PollPreview
          description={values.description}
          options={values.options.map((item) => item.text)}
          colors={values.customColors ? values.colors : pollDefaults.colors}
        />
      }
    >
      <DescriptionField helpText="The question visitors vote on." {...field('description')} maxLength={pollLimits.description} />
      <OptionsFieldset
        id="poll"
        limits={{ min: pollLimits.optionsMin, max: pollLimits.optionsMax }}
        error={error('options')}
        onAdd={locked ? null : addOption}
        describedBy={locked ? 'poll-options-locked' : undefined}
        intro={
          locked ? (
            <div id="poll-options-locked">
              <Banner tone="info">
                <p>{pollMessages.votingStarted}</p>
                <p>{pollTexts.optionsLocked(poll.totalVotes)}</p>
              </Banner>
            </div>
          ) : null
        }
      >
        {values.options.map((item, index) => (
          <div className="ql-option-row" key={item.key}>
            <div className="ql-option-row__field">
              <TextField
                id={optionFieldId(item.key)}
                label={`Option ${index + 1}`}
                value={item.text}
                onChange={(text) => setOption(item.key, text)}
                autoComplete="off"
                maxLength={pollLimits.option}
                showCharacterCount
                readOnly={locked}
                error={error(`option-${item.key}`)}
              />
            </div>
            {locked ? null : (
              <div className="ql-option-row__remove">
                <Tooltip content="Remove option">
                  <Button
                    icon={DeleteIcon}
                    accessibilityLabel={`Remove option ${index + 1}`}
                    onClick={() => removeOption(index)}
                  />
                </Tooltip>
              </div>
            )}
          </div>
        ))}
      </OptionsFieldset>
      <Select
        label="Status"
        options={statusOptions}
        value={values.status}
        onChange={(value) => set('status', value as EngagementStatus)}
        helpText="Unpublished polls show 'Poll Unpublished' to visitors."
      />
      <Switch label="Ask for the voter's email" {...toggle('collectEmail')} helpText={engagementSwitchHelp.pollEmail} />
      {values.collectEmail ? (
        <Switch
          label="Allow more than one vote per email"
          {...toggle('allowRepeatVotes')}
          helpText={engagementSwitchHelp.pollRepeatVotes}
        />
      ) : null}
      <BlockStack gap="300">
        <Switch label="Custom colours" {...toggle('customColors')} helpText={engagementSwitchHelp.pollColors} />
        {values.customColors ? (
          <InlineGrid columns={2} gap="400">
            <ColorField
              label="Background colour"
              value={values.colors.background}
              onChange={(background) => set('colors', { ...values.colors, background })}
            />
            <ColorField
              label="Text colour"
              value={values.colors.text}
              onChange={(text) => set('colors', { ...values.colors, text })}
            />
          </InlineGrid>
        ) : null}
      </BlockStack>
      <AdPixelFields field={field} />
    </EngagementFormPage>
  );
}
