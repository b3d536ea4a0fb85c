import { adminRoutes } from '@quizlead/web/admin/routes.tsx';
import { adminBasePath } from '@quizlead/web/admin/shell.ts';
import { Navigate, Route, Routes } from 'react-router';
import { ForgotPassword } from './auth/ForgotPassword.tsx';
import { JoinTeam } from './auth/JoinTeam.tsx';
import { ResetPassword } from './auth/ResetPassword.tsx';
import { SignIn } from './auth/SignIn.tsx';
import { Signup } from './auth/Signup.tsx';
import { AppShell } from './shell/AppShell.tsx';

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
      <Route path={adminBasePath()} element={<AppShell />}>
        {adminRoutes('standalone')}
      </Route>
      <Route path="*" element={<Navigate to="/index.html" replace />} />
    </Routes>
  );
}
