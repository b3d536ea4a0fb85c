import { WheelForm } from './WheelForm.tsx';

/** /app/wheel_spinner/create. */
export function WheelCreatePage() {
  return <WheelForm />;
}
