import { FeedbackForm } from './FeedbackForm.tsx';

/** /app/Feedback: a new web response. */
export function FeedbackCreatePage() {
  return <FeedbackForm />;
}
