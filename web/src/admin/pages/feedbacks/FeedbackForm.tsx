import { BlockStack, Button, Card, Form, FormLayout, InlineStack, Page, Select, TextField } from '@shopify/polaris';
import {
  feedbackDefaults,
  feedbackLimits,
  feedbackMessages,
  feelingTypeLabels,
  feelingTypes,
  widgetSwitchHelp,
  type FeelingType,
} from '@quizlead/shared/engagement.ts';
import { ZCreateFeedbackRequest, ZUpdateFeedbackRequest, type TFeedback } from '@quizlead/shared/schemas/feedback.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorNotice } from '../../api/client.ts';
import { createFeedback, updateFeedback } from '../../api/feedbacks.ts';
import { firstIssue, issueMessages } from '../../components/engagement/formErrors.ts';
import { problem, ValidationBanner, type Problem } from '../../components/engagement/ValidationBanner.tsx';
import '../../components/engagement/engagement.css';
import { useShowToast } from '../../toast.ts';
import { ColorField } from '../quizEditor/fields/ColorField.tsx';
import { Switch } from '../quizEditor/fields/Switch.tsx';
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
  };
}

/** Create (no `feedback`) or edit a web response, with its live preview beside the form. */
export function FeedbackForm({ feedback }: { feedback?: TFeedback }) {
  const navigate = useNavigate();
  const showToast = useShowToast();
  const [values, setValues] = useState(() => initialValues(feedback));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [shownProblem, setShownProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = feedback !== undefined;

  // A change answers the last refusal: its banner goes, and the field's own message with it.
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: '' }));
    setShownProblem(null);
  };

  async function submit() {
    const body = {
      title: values.title,
      feelingType: values.feelingType,
      question: values.question,
      customColor: values.customColorOn ? values.customColor : null,
      collectEmail: values.collectEmail,
    };
    const parsed = (editing ? ZUpdateFeedbackRequest : ZCreateFeedbackRequest).safeParse(body);
    if (!parsed.success) {
      setErrors(issueMessages(parsed.error));
      setShownProblem(problem(firstIssue(parsed.error)));
      return;
    }
    setShownProblem(null);
    setSaving(true);
    try {
      const saved = editing ? await updateFeedback(feedback.id, parsed.data) : await createFeedback(parsed.data);
      showToast(editing ? feedbackMessages.updated : feedbackTexts.created);
      navigate(adminUrl('Feedback/share', saved.id));
    } catch (error) {
      // Unlike the spec's screen, a failed update says so.
      if (error instanceof ApiError && error.code === 'validation') {
        if (error.field) setErrors({ [error.field]: error.message });
        setShownProblem(problem(error.message));
      } else {
        showToast(errorNotice(error), { error: true });
      }
      setSaving(false);
    }
  }

  const submitLabel = editing ? feedbackMessages.updateButton : feedbackMessages.createButton;
  return (
    <Page
      title={editing ? feedbackTexts.editTitle : feedbackTexts.createTitle}
      subtitle={editing ? feedback.title : undefined}
      backAction={feedbackList()}
    >
      <div className="ql-engagement-editor">
        <BlockStack gap="400">
          <ValidationBanner problem={shownProblem} onDismiss={() => setShownProblem(null)} />
          <Card>
            <Form onSubmit={() => void submit()} noValidate implicitSubmit={false}>
              <BlockStack gap="500">
                <FormLayout>
                  <TextField
                    label="Title"
                    value={values.title}
                    onChange={(value) => set('title', value)}
                    helpText="The heading of the widget."
                    autoComplete="off"
                    maxLength={feedbackLimits.title}
                    showCharacterCount
                    error={errors.title || undefined}
                  />
                  <Select
                    label="Feeling type"
                    options={feelingOptions}
                    value={values.feelingType}
                    onChange={(value) => set('feelingType', value as FeelingType)}
                    helpText="How visitors answer: five faces, five stars, thumbs up or down, or a 1–5 scale."
                    error={errors.feelingType || undefined}
                  />
                  <TextField
                    label="Question"
                    value={values.question}
                    onChange={(value) => set('question', value)}
                    helpText="What visitors answer with their feeling."
                    autoComplete="off"
                    multiline={2}
                    maxLength={feedbackLimits.question}
                    showCharacterCount
                    error={errors.question || undefined}
                  />
                  <BlockStack gap="300">
                    <Switch
                      label="Custom colour"
                      checked={values.customColorOn}
                      onChange={(on) => set('customColorOn', on)}
                      helpText={widgetSwitchHelp.feedbackColor}
                    />
                    {values.customColorOn ? (
                      <ColorField
                        label="Theme colour"
                        value={values.customColor}
                        onChange={(color) => set('customColor', color)}
                      />
                    ) : null}
                  </BlockStack>
                  <Switch
                    label="Ask for the visitor's email"
                    checked={values.collectEmail}
                    onChange={(on) => set('collectEmail', on)}
                    helpText={widgetSwitchHelp.feedbackEmail}
                  />
                </FormLayout>
                <InlineStack align="end" gap="200">
                  <Button url={editing ? adminUrl('Feedback/share', feedback.id) : adminUrl('FeedbackLists')} disabled={saving}>
                    Cancel
                  </Button>
                  <Button variant="primary" submit loading={saving}>
                    {submitLabel}
                  </Button>
                </InlineStack>
              </BlockStack>
            </Form>
          </Card>
        </BlockStack>
        <div className="ql-engagement-editor__preview">
          <FeedbackPreview
            title={values.title}
            question={values.question}
            feelingType={values.feelingType}
            color={values.customColorOn ? values.customColor : null}
            collectEmail={values.collectEmail}
          />
        </div>
      </div>
    </Page>
  );
}
