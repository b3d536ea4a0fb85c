import { Page } from '@shopify/polaris';
import { activeQuizTypes, quizTypeInfo, type ActiveQuizType } from '@quizlead/shared/quizzes.ts';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router';
import { sessionUserAtom } from '../../session.ts';
import { QuizTypeStep } from './QuizTypeStep.tsx';
import { TemplateStep } from './TemplateStep.tsx';
import { adminUrl } from '../../urls.ts';
import { adminSectionUrl } from '../admin/areaUrls.ts';

const title = 'Templates';

/** The quiz type named in ?quiztype=, when it is one a new quiz can have. */
export function chosenType(params: URLSearchParams): ActiveQuizType | null {
  const value = params.get('quiztype')?.trim().toLowerCase();
  return activeQuizTypes.find((type) => type === value) ?? null;
}

/**
 * /app/Templates: step 1 picks a quiz type, step 2 a template of it (or a blank quiz).
 * The chosen type lives in the address (?quiztype=), so reload and Back keep the step.
 */
export function Templates() {
  const [params] = useSearchParams();
  const type = chosenType(params);
  const user = useAtomValue(sessionUserAtom);
  // Platform administrators keep the catalogue in the admin area.
  const secondaryActions = user?.platformAdmin ? [{ content: 'Manage templates', url: adminSectionUrl('templates') }] : undefined;

  return type ? (
    <Page
      title={`${quizTypeInfo[type].label} templates`}
      subtitle="Step 2 of 2: start from a template or from a blank quiz."
      backAction={{ content: 'Quiz types', url: adminUrl('Templates') }}
      secondaryActions={secondaryActions}
    >
      <TemplateStep key={type} type={type} />
    </Page>
  ) : (
    <Page title={title} subtitle="Step 1 of 2: choose the kind of quiz you want to build." secondaryActions={secondaryActions}>
      <QuizTypeStep />
    </Page>
  );
}
