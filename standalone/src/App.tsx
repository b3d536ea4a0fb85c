import { Account } from '@quizlead/web/admin/pages/Account.tsx';
import { QuizCreatePage } from '@quizlead/web/admin/pages/quizEditor/QuizCreatePage.tsx';
import { QuizEditorPage } from '@quizlead/web/admin/pages/quizEditor/QuizEditorPage.tsx';
import { Quizzes } from '@quizlead/web/admin/pages/quizzes/Quizzes.tsx';
import { Templates } from '@quizlead/web/admin/pages/templates/Templates.tsx';
import { Welcome } from '@quizlead/web/admin/pages/Welcome.tsx';
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
        <Route index element={<Welcome />} />
        <Route path="Account" element={<Account />} />
        <Route path="Quizzes" element={<Quizzes />} />
        <Route path="Templates" element={<Templates />} />
        <Route path="Quiz/Create" element={<QuizCreatePage />} />
        <Route path="Quiz/Edit/:id" element={<QuizEditorPage />} />
        <Route path="*" element={<Navigate to="/app/" replace />} />
      </Route>
      <Route path="*" element={<Navigate to="/index.html" replace />} />
    </Routes>
  );
}
