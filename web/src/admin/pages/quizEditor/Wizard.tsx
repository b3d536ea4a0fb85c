import { Badge, Banner, BlockStack, Card, Page, SkeletonBodyText, Tabs } from '@shopify/polaris';
import { quizTabs, validateForPublish, validateTab } from '@quizlead/shared/engine/index.ts';
import { languagesTabTitle } from '@quizlead/shared/i18n/languageLabels.ts';
import { quizMessages, quizTypeInfo } from '@quizlead/shared/quizzes.ts';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { useAtomValue } from 'jotai';
import { lazy, startTransition, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, errorNotice } from '../../api/client.ts';
import { deleteQuiz } from '../../api/quizzes.ts';
import { StepProgress } from '../../components/StepProgress.tsx';
import { useSaveBar } from '../../appBridge/saveBar.tsx';
import { sessionUserAtom } from '../../session.ts';
import { useShowToast } from '../../toast.ts';
import './quizEditor.css';
import { PreviewPane, type PreviewFocus } from './preview/PreviewPane.tsx';
import { AdvancedTab } from './tabs/AdvancedTab.tsx';
import { DesignTab } from './tabs/DesignTab.tsx';
import { LeadTab } from './tabs/LeadTab.tsx';
import { OutcomeTab } from './tabs/OutcomeTab.tsx';
import { SettingsTab } from './tabs/SettingsTab.tsx';
import { UnpublishModal } from './UnpublishModal.tsx';
import { useQuizDraft } from './useQuizDraft.ts';
import { useCompanyLogo, useLeaveWarning, useOnLeave, useScrolledPast } from './wizardHooks.ts';
import { WizardNav } from './WizardNav.tsx';
import { adminLink, adminUrl } from '../../urls.ts';

const tabTitles = ['Settings', 'Design', 'Lead', 'Outcome', 'Advanced'];
const tabs = quizTabs.map((id, index) => ({ id: `quiz-tab-${id}`, content: tabTitles[index]!, panelID: `quiz-panel-${id}` }));
const last = quizTabs.length - 1;
/** Beside the wizard's steps, not one of them: what the quiz sends and where (read-only, no checks to pass). */
const dataTab = { id: 'quiz-tab-data', content: 'Data', panelID: 'quiz-panel-data' };
const DataTab = lazy(() => import('./tabs/DataTab.tsx').then((module) => ({ default: module.DataTab })));
/** Beside the steps too: the quiz's languages and the owner's translations (issue 34). */
const languagesTab = { id: 'quiz-tab-languages', content: languagesTabTitle, panelID: 'quiz-panel-languages' };
/**
 * One array for the wizard's life: Polaris' Tabs measures its tabs again (and renders once more) whenever the
 * array is a new one, which a list built in the render made every keystroke and every step.
 */
const allTabs = [...tabs, dataTab, languagesTab];
const LanguagesPanel = lazy(() =>
  import('../../components/languages/LanguagesPanel.tsx').then((module) => ({ default: module.LanguagesPanel })),
);

/** The five-tab quiz wizard with its live preview, and the Data tab beside its steps. */
export function Wizard({ initial }: { initial: TQuizDetail }) {
  const editor = useQuizDraft(initial);
  const { draft, saved, quiz, dirty } = editor;
  const navigate = useNavigate();
  const showToast = useShowToast();
  const free = useAtomValue(sessionUserAtom)?.mode !== 'paid';
  const companyLogoUrl = useCompanyLogo();
  const stuck = useScrolledPast(100);
  const [tab, setTab] = useState(0);
  const [aside, setAside] = useState<'data' | 'languages' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'move' | 'finish' | 'draft' | null>(null);
  const [previewFocus, setPreviewFocus] = useState<PreviewFocus | null>(null);
  const [askingToUnpublish, setAskingToUnpublish] = useState(false);
  const problemRef = useRef<HTMLDivElement>(null);
  useLeaveWarning(dirty);
  const queryClient = useQueryClient();
  // Opened on the draft the blank quiz's Create page just made (QuizCreatePage).
  const created = (useLocation().state as { created?: unknown } | null)?.created === true;

  // Leaving a draft (Back, a link): what was typed is saved, and a new quiz left blank (no title, no question) is
  // removed rather than left behind as "Untitled quiz". A published quiz's edits wait for the owner's own save.
  useOnLeave(() => {
    if (saved.status !== 'draft') return;
    const blank = draft.title.trim() === '' && saved.questions.length === 0;
    const work = created && blank ? deleteQuiz(saved.id) : dirty ? editor.save() : null;
    work?.then(
      () => queryClient.invalidateQueries({ queryKey: ['quizzes'] }),
      () => undefined,
    );
  });

  useEffect(() => {
    if (problem) problemRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [problem]);

  /** Server refusals that name a rule are shown like our own checks; the rest as a notification. */
  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'validation') setProblem(error.message);
    else showToast(errorNotice(error), { error: true });
  };

  async function run(kind: NonNullable<typeof busy>, work: () => Promise<void>) {
    setBusy(kind);
    try {
      await work();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  /**
   * Draws another step. A transition: React draws the new tab (and the preview's new screen) in slices
   * between frames, so the click is answered at once; drawn in the click, the Design tab took 300 ms and more
   * at 4× CPU slowdown (docs/performance.md, "Interactions under 4× CPU slowdown").
   */
  function showStep(step: number) {
    startTransition(() => setTab(step));
    window.scrollTo({ top: 0 });
  }

  /** Back is free; forward checks each tab being left and saves, stopping at the first that fails. */
  function moveTo(target: number) {
    if (busy || target === tab || target < 0 || target > last) return;
    setAside(null);
    setProblem(null);
    if (target < tab) return startTransition(() => setTab(target));
    let stop = target;
    let message: string | null = null;
    for (let step = tab; step < target; step++) {
      message = validateTab(quiz, quizTabs[step]!);
      if (message) {
        stop = step;
        break;
      }
    }
    setProblem(message);
    if (stop === tab) {
      // A rule stops the owner here, but a draft keeps what they typed (a blank quiz's title, say).
      if (dirty && saved.status === 'draft') void run('move', () => editor.save().then(() => undefined));
      return;
    }
    // Nothing to save: no busy state either, which would redraw the whole wizard before the step.
    if (!dirty) return showStep(stop);
    void run('move', async () => {
      await editor.save();
      showToast(quizMessages.savedTitle);
      showStep(stop);
    });
  }

  function finish() {
    const message = validateForPublish(quiz);
    setProblem(message);
    if (message) return;
    void run('finish', async () => {
      if (dirty) await editor.save();
      await editor.setStatus('published');
      showToast(quizMessages.savedPublished);
      // After publishing, the user goes to the share page (spec: builder-widgets-shell.md §2.4).
      navigate(adminUrl('Quiz/Share', saved.id));
    });
  }

  /** On a live quiz, saving as a draft would take it offline: ask first. */
  function saveDraft() {
    setProblem(null);
    if (saved.status === 'published') return setAskingToUnpublish(true);
    void run('draft', async () => {
      if (dirty) await editor.save();
      showToast(quizMessages.savedDraft);
    });
  }

  /** The admin's save bar (inside a shop): saves the edits as they are, a live quiz staying live. */
  function saveFromBar() {
    setProblem(null);
    void run('draft', async () => {
      await editor.save();
      showToast(saved.status === 'published' ? quizMessages.savedPublished : quizMessages.savedDraft);
    });
  }
  const saveBar = useSaveBar({ dirty, saving: busy !== null, onSave: saveFromBar, onDiscard: editor.discard });

  function keepLive() {
    setAskingToUnpublish(false);
    void run('draft', async () => {
      if (dirty) await editor.save();
      showToast(quizMessages.savedPublished);
    });
  }

  /** Unpublishes first: a draft may hold edits a published quiz could not (the server keeps those publishable). */
  function unpublishAndSave() {
    setAskingToUnpublish(false);
    void run('draft', async () => {
      await editor.setStatus('draft');
      if (dirty) await editor.save();
      showToast(quizMessages.savedDraft);
    });
  }

  const tabId = quizTabs[tab]!;
  // The preview follows the form a frame behind: a keystroke or a click redraws the form at once and the
  // player's screen (the quiz rebuilt as a visitor gets it) in a background render React can interrupt.
  const previewQuiz = useDeferredValue(quiz);
  const deferredFocus = useDeferredValue(previewFocus);
  const content = {
    settings: <SettingsTab editor={editor} free={free} />,
    design: <DesignTab editor={editor} onPreview={setPreviewFocus} />,
    lead: <LeadTab editor={editor} />,
    outcome: <OutcomeTab editor={editor} />,
    advanced: <AdvancedTab editor={editor} />,
  }[tabId];

  return (
    <Page
      fullWidth
      title={draft.title || 'Untitled quiz'}
      titleMetadata={
        <Badge tone={saved.status === 'published' ? 'success' : 'info'}>
          {saved.status === 'published' ? 'Published' : 'Draft'}
        </Badge>
      }
      subtitle={quizTypeInfo[draft.quizType].label}
      backAction={adminLink('Quizzes', 'Quizzes')}
      secondaryActions={[
        {
          content: 'Save as draft',
          onAction: saveDraft,
          loading: busy === 'draft',
          disabled: busy !== null || (!dirty && saved.status === 'draft'),
        },
      ]}
    >
      {saveBar}
      <div className="ql-quiz-editor">
        <div className="ql-quiz-editor__form">
          <BlockStack gap="400">
            <Card padding="0">
              <Tabs
                tabs={allTabs}
                selected={aside === 'data' ? tabs.length : aside === 'languages' ? tabs.length + 1 : tab}
                onSelect={(index) => {
                  if (index === tabs.length) return setAside('data');
                  if (index === tabs.length + 1) return setAside('languages');
                  // Back to the step the Data or Languages tab was opened from is no move at all.
                  if (index === tab) return setAside(null);
                  moveTo(index);
                }}
                fitted
              />
              {aside ? null : (
                <div className="ql-quiz-editor__progress">
                  <StepProgress step={tab + 1} total={quizTabs.length} name={tabs[tab]!.content} tone="highlight" />
                </div>
              )}
            </Card>
            {problem ? (
              <div ref={problemRef} className="ql-quiz-editor__problem">
                <Banner tone="critical" title={messages.account.validationErrorTitle} onDismiss={() => setProblem(null)}>
                  <p>{problem}</p>
                </Banner>
              </div>
            ) : null}
            {aside === 'data' ? (
              <div id={dataTab.panelID} role="tabpanel" aria-labelledby={dataTab.id}>
                <Suspense fallback={<SkeletonBodyText lines={6} />}>
                  <DataTab questions={saved.questions} />
                </Suspense>
              </div>
            ) : aside === 'languages' ? (
              <div id={languagesTab.panelID} role="tabpanel" aria-labelledby={languagesTab.id}>
                <Suspense fallback={<SkeletonBodyText lines={6} />}>
                  <LanguagesPanel kind="quiz" id={saved.id} savedTextsNote={dirty} />
                </Suspense>
              </div>
            ) : (
              <>
                <div id={tabs[tab]!.panelID} role="tabpanel" aria-labelledby={tabs[tab]!.id}>
                  {content}
                </div>
                <WizardNav tab={tab} last={last} busy={busy} onMove={moveTo} onFinish={finish} />
              </>
            )}
          </BlockStack>
        </div>
        <div className={`ql-quiz-editor__preview${stuck ? ' ql-quiz-editor__preview--sticky' : ''}`}>
          <PreviewPane quiz={previewQuiz} tab={tabId} focus={deferredFocus} companyLogoUrl={companyLogoUrl} free={free} />
        </div>
      </div>
      <UnpublishModal
        open={askingToUnpublish}
        onKeepLive={keepLive}
        onUnpublish={unpublishAndSave}
        onClose={() => setAskingToUnpublish(false)}
      />
    </Page>
  );
}
