import { PageLoading } from '@quizlead/web/admin/components/PageLoading.tsx';
import { adminBasePath } from '@quizlead/web/admin/shell.ts';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ForgotPassword } from './auth/ForgotPassword.tsx';
import { JoinTeam } from './auth/JoinTeam.tsx';
import { ResetPassword } from './auth/ResetPassword.tsx';
import { SignIn } from './auth/SignIn.tsx';
import { Signup } from './auth/Signup.tsx';

/** The signed-in app's code; main.tsx starts loading it at once on an /app address. */
export const loadSignedInApp = () => import('./shell/SignedInApp.tsx');

const SignedInApp = lazy(() => loadSignedInApp().then((module) => ({ default: module.SignedInApp })));

/**
 * The server answers each of these paths with this page (see server static routes): the signed-out
 * screens, and the admin's screens (web/src/admin/routes.tsx) inside the signed-in frame at /app.
 */
export function App() {
  return (
    <Routes>
      <Route path="/" element={<SignIn />} />
      <Route path="/index.html" element={<SignIn />} />
      <Route path="/Signup" element={<Signup />} />
      <Route path="/ForgetPassword" element={<ForgotPassword />} />
      <Route path="/ResetPassword" element={<ResetPassword />} />
      <Route path="/Join" element={<JoinTeam />} />
      <Route
        path={`${adminBasePath()}/*`}
        element={
          <Suspense fallback={<PageLoading />}>
            <SignedInApp />
          </Suspense>
        }
      />
      <Route path="*" element={<Navigate to="/index.html" replace />} />
    </Routes>
  );
}
