import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Card,
  Icon,
  InlineGrid,
  InlineStack,
  SkeletonBodyText,
  SkeletonDisplayText,
  Text,
} from '@shopify/polaris';
import { PlusIcon } from '@shopify/polaris-icons';
import { quizMessages, quizTypeInfo, type ActiveQuizType } from '@quizlead/shared/quizzes.ts';
import type { TTemplateCard } from '@quizlead/shared/schemas/quiz.ts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorNotice } from '../../api/client.ts';
import { getTemplate, listTemplates, useTemplate as copyTemplate } from '../../api/quizzes.ts';
import { useShowToast } from '../../toast.ts';
import { plainText } from '../quizzes/format.ts';
import { QuizPreviewModal } from '../quizzes/QuizPreview.tsx';
import styles from './templates.module.css';
import { typeIcons } from './typeIcons.ts';
import { adminUrl } from '../../urls.ts';
import { counted } from '@quizlead/shared/plural.ts';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; templates: TTemplateCard[] };

/** Where a blank quiz of this type is made (the wizard's create route). */
export const blankQuizUrl = (type: ActiveQuizType) => adminUrl('Quiz/Create', { theme: '1', quiztype: type });

/** Step 2: the chosen type's templates, plus a blank quiz. Mounted anew for each type. */
export function TemplateStep({ type }: { type: ActiveQuizType }) {
  const navigate = useNavigate();
  const showToast = useShowToast();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [previewing, setPreviewing] = useState<TTemplateCard | null>(null);
  const [copying, setCopying] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    listTemplates(type, controller.signal).then(
      (templates) => setLoad({ state: 'ready', templates: templates.filter((template) => template.quizType === type) }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', message: errorNotice(error) });
      },
    );
    return () => controller.abort();
  }, [type, attempt]);

  const applyTemplate = async (template: TTemplateCard) => {
    setCopying(template.id);
    setInvalid(false);
    try {
      const quiz = await copyTemplate(template.id);
      navigate(adminUrl('Quiz/Edit', quiz.id));
    } catch (error) {
      setCopying(null);
      setPreviewing(null);
      if (error instanceof ApiError && error.status === 404) {
        setInvalid(true);
        window.scrollTo({ top: 0 });
      } else {
        showToast(errorNotice(error), { error: true });
      }
    }
  };

  const retry = () => {
    setLoad({ state: 'loading' });
    setAttempt((n) => n + 1);
  };

  return (
    <BlockStack gap="400">
      {invalid ? (
        <Banner tone="critical" onDismiss={() => setInvalid(false)}>
          <p>{quizMessages.templateInvalid}</p>
        </Banner>
      ) : null}
      {load.state === 'failed' ? (
        <Banner tone="critical" action={{ content: 'Try again', onAction: retry }}>
          <p>{load.message}</p>
        </Banner>
      ) : null}
      <InlineGrid columns={{ xs: 1, sm: 2, lg: 3 }} gap="400">
        <BlankQuizCard type={type} />
        {load.state === 'loading'
          ? [0, 1].map((n) => (
              <Card key={n}>
                <BlockStack gap="400">
                  <SkeletonDisplayText size="small" />
                  <SkeletonBodyText lines={3} />
                </BlockStack>
              </Card>
            ))
          : load.state === 'ready'
            ? load.templates.map((template) => (
                <TemplateCard
                  key={template.id}
                  type={type}
                  template={template}
                  copying={copying === template.id}
                  disabled={copying !== null}
                  onPreview={() => setPreviewing(template)}
                  onUse={() => applyTemplate(template)}
                />
              ))
            : null}
      </InlineGrid>
      {load.state === 'ready' && load.templates.length === 0 ? (
        <Text as="p" tone="subdued">
          {`There are no ready-made ${quizTypeInfo[type].label} templates yet: start from a blank quiz.`}
        </Text>
      ) : null}
      <Box paddingBlockEnd="800" />

      <QuizPreviewModal
        id={previewing?.id ?? null}
        title={previewing?.title ?? ''}
        load={getTemplate}
        showStatus={false}
        onClose={() => setPreviewing(null)}
        primaryAction={
          previewing
            ? { content: 'Use Template', loading: copying === previewing.id, onAction: () => applyTemplate(previewing) }
            : undefined
        }
      />
    </BlockStack>
  );
}

function BlankQuizCard({ type }: { type: ActiveQuizType }) {
  return (
    <div className={styles.cell}>
      <Card>
        <div className={styles.card}>
          <BlockStack gap="300">
            <div className={styles.blank} aria-hidden="true">
              <Icon source={PlusIcon} tone="subdued" />
            </div>
            <Text as="h2" variant="headingSm">
              Blank Quiz
            </Text>
            <Text as="p" tone="subdued">
              {`An empty ${quizTypeInfo[type].label.toLowerCase()}: write your own questions and outcomes.`}
            </Text>
          </BlockStack>
          <InlineStack>
            <Button variant="primary" url={blankQuizUrl(type)} accessibilityLabel="Use Template Blank Quiz">
              Use Template
            </Button>
          </InlineStack>
        </div>
      </Card>
    </div>
  );
}

interface TemplateCardProps {
  type: ActiveQuizType;
  template: TTemplateCard;
  copying: boolean;
  disabled: boolean;
  onPreview(): void;
  onUse(): void;
}

function TemplateCard({ type, template, copying, disabled, onPreview, onUse }: TemplateCardProps) {
  const description = plainText(template.description);
  return (
    <div className={styles.cell}>
      <Card>
        <div className={styles.card}>
          <BlockStack gap="300">
            {template.image ? (
              <img className={styles.image} src={template.image} alt="" loading="lazy" />
            ) : (
              <div className={styles.placeholder} aria-hidden="true">
                <Icon source={typeIcons[type]} tone="subdued" />
              </div>
            )}
            <InlineStack gap="200" blockAlign="center" wrap>
              <Text as="h2" variant="headingSm">
                {template.title}
              </Text>
              <Badge>{counted(template.questionCount, 'question')}</Badge>
            </InlineStack>
            {description ? (
              <div className={styles.description}>
                <Text as="p" tone="subdued">
                  {description}
                </Text>
              </div>
            ) : null}
          </BlockStack>
          <ButtonGroup>
            <Button onClick={onPreview} disabled={disabled} accessibilityLabel={`Preview ${template.title}`}>
              Preview
            </Button>
            <Button
              variant="primary"
              onClick={onUse}
              loading={copying}
              disabled={disabled && !copying}
              accessibilityLabel={`Use Template ${template.title}`}
            >
              Use Template
            </Button>
          </ButtonGroup>
        </div>
      </Card>
    </div>
  );
}
