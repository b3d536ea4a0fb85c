import { useAtomValue } from 'jotai';
import { Navigate, Route, Routes } from 'react-router';
import { sessionUserAtom } from '../../session.ts';
import { adminUrl } from '../../urls.ts';
import { AccountPage } from './accounts/AccountPage.tsx';
import { AccountsPage } from './accounts/AccountsPage.tsx';
import { adminSectionUrl } from './areaUrls.ts';
import { AuditLogPage } from './audit/AuditLogPage.tsx';
import { ContactMessagesPage } from './ContactMessagesPage.tsx';
import { DeliveryFailuresPage } from './DeliveryFailuresPage.tsx';
import { DiscountCodesPage } from './codes/DiscountCodesPage.tsx';
import { PlansAdminPage } from './plans/PlansAdminPage.tsx';
import { TemplatesAdminPage } from './templates/TemplatesAdminPage.tsx';
import { WebVitalsPage } from './WebVitalsPage.tsx';
import './admin.css';

/**
 * /app/Admin and every path under it (spec: "Admin (prefix match)"), for platform administrators only:
 * anyone else lands on the dashboard, as for any unknown address (the server answers their calls 404).
 * /app/Admin itself and unknown sections open the accounts.
 */
export function AdminArea() {
  const user = useAtomValue(sessionUserAtom);
  if (!user?.platformAdmin) return <Navigate to={adminUrl('Dashboard')} replace />;
  return (
    <Routes>
      <Route path="accounts" element={<AccountsPage />} />
      <Route path="accounts/:id" element={<AccountPage />} />
      <Route path="plans" element={<PlansAdminPage />} />
      <Route path="discount-codes" element={<DiscountCodesPage />} />
      <Route path="templates" element={<TemplatesAdminPage />} />
      <Route path="deliveries" element={<DeliveryFailuresPage />} />
      <Route path="contact-messages" element={<ContactMessagesPage />} />
      <Route path="web-vitals" element={<WebVitalsPage />} />
      <Route path="audit-log" element={<AuditLogPage />} />
      <Route path="*" element={<Navigate to={adminSectionUrl('accounts')} replace />} />
    </Routes>
  );
}
