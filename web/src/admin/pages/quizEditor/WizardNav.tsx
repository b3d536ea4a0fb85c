import { Box, Button, InlineStack } from '@shopify/polaris';

interface Props {
  tab: number;
  last: number;
  busy: 'move' | 'finish' | 'draft' | null;
  onMove(tab: number): void;
  onFinish(): void;
}

/** Previous, Next and Finish below the current tab. */
export function WizardNav({ tab, last, busy, onMove, onFinish }: Props) {
  const atEnd = tab === last;
  return (
    // Cards reach the screen edges on phones; the buttons should not.
    <Box paddingInline={{ xs: '400', sm: '0' }}>
      <InlineStack align="space-between" gap="200">
        <Button onClick={() => onMove(tab - 1)} disabled={tab === 0 || busy !== null}>
          Previous
        </Button>
        <InlineStack gap="200">
          {atEnd ? null : (
            <Button variant="primary" onClick={() => onMove(tab + 1)} loading={busy === 'move'} disabled={busy !== null}>
              Next
            </Button>
          )}
          <Button
            variant={atEnd ? 'primary' : 'secondary'}
            onClick={onFinish}
            loading={busy === 'finish'}
            disabled={busy !== null && busy !== 'finish'}
          >
            Finish
          </Button>
        </InlineStack>
      </InlineStack>
    </Box>
  );
}
