import { ProgressBar } from '@shopify/polaris';

interface Props {
  /** The step shown, from 1. */
  step: number;
  total: number;
  /** What the step is called, e.g. 'Account Details'. */
  name: string;
  tone?: 'primary' | 'highlight';
}

/**
 * How far through a wizard the user is, as a bar. Assistive technology hears "Step 1 of 3: Account
 * Details", not the bar's fraction of a percent: the progressbar role carries the step in
 * aria-valuetext and its children (Polaris's bar) are presentational.
 */
export function StepProgress({ step, total, name, tone = 'primary' }: Props) {
  return (
    <div
      role="progressbar"
      aria-label="Progress"
      aria-valuemin={1}
      aria-valuemax={total}
      aria-valuenow={step}
      aria-valuetext={`Step ${step} of ${total}: ${name}`}
    >
      <div aria-hidden="true">
        <ProgressBar progress={Math.round((step / total) * 100)} size="small" tone={tone} animated={false} />
      </div>
    </div>
  );
}
