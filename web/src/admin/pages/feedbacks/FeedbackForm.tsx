import { BlockStack, Select, TextField } from '@shopify/polaris';
import {
  feedbackDefaults,
  feedbackLimits,
  feedbackMessages,
  feelingTypeLabels,
  feelingTypes,
  engagementSwitchHelp,
  type FeelingType,
} from '@quizlead/shared/engagement.ts';
import { ZCreateFeedbackRequest, ZUpdateFeedbackRequest, type TFeedback } from '@quizlead/shared/schemas/feedback.ts';
import { useNavigate } from 'react-router';
import { feedbackApi } from '../../api/engagement.ts';
import { AdPixelFields } from '../../components/engagement/AdPixelFields.tsx';
import { EngagementFormPage } from '../../components/engagement/EngagementFormPage.tsx';
import { LanguagesSection } from '../../components/languages/LanguagesSection.tsx';
import { useEngagementForm } from '../../components/engagement/useEngagementForm.ts';
import { useShowToast } from '../../toast.ts';
import { ColorField } from '../quizEditor/fields/ColorField.tsx';
import { Switch } from '../quizEditor/fields/Switch.tsx';
// The switch's and colour field's styles.
import '../quizEditor/quizEditor.css';
import { defaultAccent, FeedbackPreview } from './FeedbackPreview.tsx';
import { feedbackList, feedbackTexts } from './texts.ts';
import { adminUrl } from '../../urls.ts';

interface Values {
  title: string;
  feelingType: FeelingType;
  question: string;
  customColorOn: boolean;
  customColor: string;
  collectEmail: boolean;
  metaPixelId: string;
  tiktokPixelId: string;
}

const feelingOptions = feelingTypes.map((type) => ({ label: feelingTypeLabels[type], value: type }));

function initialValues(feedback: TFeedback | undefined): Values {
  if (!feedback) {
    return {
      title: '',
      feelingType: feedbackDefaults.feelingType,
      question: '',
      customColorOn: false,
      customColor: defaultAccent,
      collectEmail: feedbackDefaults.collectEmail,
      metaPixelId: '',
      tiktokPixelId: '',
    };
  }
  // A saved theme colour means the custom colour was on (spec 4).
  return {
    title: feedback.title,
    feelingType: feedback.feelingType,
    question: feedback.question,
    customColorOn: Boolean(feedback.customColor),
    customColor: feedback.customColor ?? defaultAccent,
    collectEmail: feedback.collectEmail,
    metaPixelId: feedback.metaPixelId,
    tiktokPixelId: feedback.tiktokPixelId,
  };
}

/** Create (no `feedback`) or edit a web response, with its live preview beside the form. */
export function FeedbackForm({ feedback }: { feedback?: TFeedback }) {
  const navigate = useNavigate();
  const showToast = useShowToast();
  const editing = feedback !== undefined;
  const form = useEngagementForm({
    initial: initialValues(feedback),
    schema: editing ? ZUpdateFeedbackRequest : ZCreateFeedbackRequest,
    toBody: (values: Values) => ({
      title: values.title,
      feelingType: values.feelingType,
      question: values.question,
      customColor: values.customColorOn ? values.customColor : null,
      collectEmail: values.collectEmail,
      metaPixelId: values.metaPixelId,
      tiktokPixelId: values.tiktokPixelId,
    }),
    save: (body) => (editing ? feedbackApi.update(feedback.id, body) : feedbackApi.create(body)),
    saved: (saved) => {
      // Unlike the spec's screen, a failed update says so (the form's banner).
      showToast(editing ? feedbackMessages.updated : feedbackTexts.created);
      navigate(adminUrl('Feedback/share', saved.id));
    },
  });
  const { values, set, error, field, toggle } = form;

  return (
    <EngagementFormPage
      title={editing ? feedbackTexts.editTitle : feedbackTexts.createTitle}
      subtitle={editing ? feedback.title : undefined}
      backAction={feedbackList()}
      cancelUrl={editing ? adminUrl('Feedback/share', feedback.id) : adminUrl('FeedbackLists')}
      submitLabel={editing ? feedbackMessages.updateButton : feedbackMessages.createButton}
      form={form}
      after={feedback ? <LanguagesSection kind="feedback" id={feedback.id} /> : null}
      preview={
        <FeedbackPreview
          title={values.title}
          question={values.question}
          feelingType={values.feelingType}
          color={values.customColorOn ? values.customColor : null}
          collectEmail={values.collectEmail}
        />
      }
    >
      <TextField
        label="Title"
        {...field('title')}
        helpText="The heading of the widget."
        autoComplete="off"
        maxLength={feedbackLimits.title}
        showCharacterCount
      />
      <Select
        label="Feeling type"
        options={feelingOptions}
        value={values.feelingType}
        onChange={(value) => set('feelingType', value as FeelingType)}
        helpText="How visitors answer: five faces, five stars, thumbs up or down, or a 1–5 scale."
        error={error('feelingType')}
      />
      <TextField
        label="Question"
        {...field('question')}
        helpText="What visitors answer with their feeling."
        autoComplete="off"
        multiline={2}
        maxLength={feedbackLimits.question}
        showCharacterCount
      />
      <BlockStack gap="300">
        <Switch label="Custom colour" {...toggle('customColorOn')} helpText={engagementSwitchHelp.feedbackColor} />
        {values.customColorOn ? (
          <ColorField label="Theme colour" value={values.customColor} onChange={(color) => set('customColor', color)} />
        ) : null}
      </BlockStack>
      <Switch label="Ask for the visitor's email" {...toggle('collectEmail')} helpText={engagementSwitchHelp.feedbackEmail} />
      <AdPixelFields field={field} />
    </EngagementFormPage>
  );
}
