import { PollForm } from './PollForm.tsx';

/** /app/poll/create. */
export function PollCreatePage() {
  return <PollForm />;
}
