import { Banner, BlockStack } from '@shopify/polaris';

export interface Problem {
  title: string;
  /** The spec's text ('Error in updating settings!!'), then what the server said. */
  lines: string[];
}

/** A save that failed for a reason other than a field: the spec's title and text, and the server's message. */
export function SettingsProblem({ problem, onDismiss }: { problem: Problem | null; onDismiss(): void }) {
  if (!problem) return null;
  return (
    <Banner tone="critical" title={problem.title} onDismiss={onDismiss}>
      <BlockStack gap="100">
        {problem.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </BlockStack>
    </Banner>
  );
}
