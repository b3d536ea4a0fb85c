import { Toast } from '@shopify/polaris';
import { useAtom } from 'jotai';
import { toastAtom } from '../toast.ts';

/**
 * Shows the current notification as a Polaris Toast; render it inside a Polaris Frame. A toast that is
 * replaced keeps its timer while it slides out: when that timer fires it dismisses itself only, never the
 * notification that replaced it.
 */
export function ToastOutlet() {
  const [toast, setToast] = useAtom(toastAtom);
  if (!toast) return null;
  return (
    <Toast
      key={toast.id}
      content={toast.content}
      error={toast.error}
      duration={toast.error ? 8000 : 4000}
      onDismiss={() => setToast((current) => (current?.id === toast.id ? null : current))}
    />
  );
}
