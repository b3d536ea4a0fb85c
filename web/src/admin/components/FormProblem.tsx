import { Text } from '@shopify/polaris';

/** What stops a form or dialog from going ahead, said once under it and read out when it appears. */
export function FormProblem({ problem }: { problem: string | null | undefined }) {
  if (!problem) return null;
  return (
    <div role="alert">
      <Text as="p" tone="critical">
        {problem}
      </Text>
    </div>
  );
}
