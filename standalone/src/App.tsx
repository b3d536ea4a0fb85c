import { Account } from '@quizlead/web/admin/pages/Account.tsx';
import { Dashboard } from '@quizlead/web/admin/pages/dashboard/Dashboard.tsx';
import { AnswerSheetPage } from '@quizlead/web/admin/pages/answerSheet/AnswerSheetPage.tsx';
import { FeedbackCreatePage } from '@quizlead/web/admin/pages/feedbacks/FeedbackCreatePage.tsx';
import { FeedbackEditPage } from '@quizlead/web/admin/pages/feedbacks/FeedbackEditPage.tsx';
import { FeedbackListPage } from '@quizlead/web/admin/pages/feedbacks/FeedbackListPage.tsx';
import { FeedbackResponsesPage } from '@quizlead/web/admin/pages/feedbacks/FeedbackResponsesPage.tsx';
import { FeedbackSharePage } from '@quizlead/web/admin/pages/feedbacks/FeedbackSharePage.tsx';
import { PollCreatePage } from '@quizlead/web/admin/pages/polls/PollCreatePage.tsx';
import { PollEditPage } from '@quizlead/web/admin/pages/polls/PollEditPage.tsx';
import { PollListPage } from '@quizlead/web/admin/pages/polls/PollListPage.tsx';
import { PollSharePage } from '@quizlead/web/admin/pages/polls/PollSharePage.tsx';
import { PollVotesPage } from '@quizlead/web/admin/pages/polls/PollVotesPage.tsx';
import { QuizCreatePage } from '@quizlead/web/admin/pages/quizEditor/QuizCreatePage.tsx';
import { QuizEditorPage } from '@quizlead/web/admin/pages/quizEditor/QuizEditorPage.tsx';
import { QuizReportPage } from '@quizlead/web/admin/pages/quizReport/QuizReportPage.tsx';
import { QuizSharePage } from '@quizlead/web/admin/pages/quizShare/QuizSharePage.tsx';
import { Quizzes } from '@quizlead/web/admin/pages/quizzes/Quizzes.tsx';
import { Templates } from '@quizlead/web/admin/pages/templates/Templates.tsx';
import { Tutorials } from '@quizlead/web/admin/pages/tutorials/Tutorials.tsx';
import { WheelCreatePage } from '@quizlead/web/admin/pages/wheels/WheelCreatePage.tsx';
import { WheelEditPage } from '@quizlead/web/admin/pages/wheels/WheelEditPage.tsx';
import { WheelListPage } from '@quizlead/web/admin/pages/wheels/WheelListPage.tsx';
import { WheelSharePage } from '@quizlead/web/admin/pages/wheels/WheelSharePage.tsx';
import { WheelSpinsPage } from '@quizlead/web/admin/pages/wheels/WheelSpinsPage.tsx';
import { Navigate, Route, Routes } from 'react-router';
import { ForgotPassword } from './auth/ForgotPassword.tsx';
import { ResetPassword } from './auth/ResetPassword.tsx';
import { SignIn } from './auth/SignIn.tsx';
import { Signup } from './auth/Signup.tsx';
import { AppShell } from './shell/AppShell.tsx';

/** The server answers each of these paths with this page (see server static routes). */
export function App() {
  return (
    <Routes>
      <Route path="/" element={<SignIn />} />
      <Route path="/index.html" element={<SignIn />} />
      <Route path="/Signup" element={<Signup />} />
      <Route path="/ForgetPassword" element={<ForgotPassword />} />
      <Route path="/ResetPassword" element={<ResetPassword />} />
      <Route path="/app" element={<AppShell />}>
        <Route index element={<Dashboard />} />
        <Route path="Tutorials" element={<Tutorials />} />
        <Route path="Account" element={<Account />} />
        <Route path="Quizzes" element={<Quizzes />} />
        <Route path="Templates" element={<Templates />} />
        <Route path="Quiz/Create" element={<QuizCreatePage />} />
        <Route path="Quiz/Edit/:id" element={<QuizEditorPage />} />
        <Route path="Quiz/Share/:id" element={<QuizSharePage />} />
        {/* Paths match case-insensitively, so /app/Answersheet/{id} opens the sheet too. */}
        <Route path="Quiz/Analytics/:id" element={<QuizReportPage />} />
        <Route path="answersheet/:id" element={<AnswerSheetPage />} />
        <Route path="Feedback" element={<FeedbackCreatePage />} />
        <Route path="FeedbackLists" element={<FeedbackListPage />} />
        <Route path="Feedback/Edit/:id" element={<FeedbackEditPage />} />
        <Route path="Feedback/share/:id" element={<FeedbackSharePage />} />
        <Route path="Feedback/response/:id" element={<FeedbackResponsesPage />} />
        <Route path="poll/lists" element={<PollListPage />} />
        <Route path="poll/create" element={<PollCreatePage />} />
        <Route path="poll/edit/:id" element={<PollEditPage />} />
        <Route path="poll/share/:id/:slug" element={<PollSharePage />} />
        <Route path="poll/vote/:id" element={<PollVotesPage />} />
        <Route path="wheel_spinner/lists" element={<WheelListPage />} />
        <Route path="wheel_spinner/create" element={<WheelCreatePage />} />
        <Route path="wheel_spinner/edit/:id" element={<WheelEditPage />} />
        <Route path="wheelspin/share/:id/:slug" element={<WheelSharePage />} />
        <Route path="wheelspin/response/:id" element={<WheelSpinsPage />} />
        <Route path="*" element={<Navigate to="/app/" replace />} />
      </Route>
      <Route path="*" element={<Navigate to="/index.html" replace />} />
    </Routes>
  );
}
