import { BlockStack, List, Modal, Text } from '@shopify/polaris';
import { dashboardMessages } from '@quizlead/shared/reports.ts';

interface Props {
  open: boolean;
  /** The first-quiz tutorial's address (the Tutorials page until it is known). */
  tutorialUrl: string;
  onClose(): void;
}

/** The one-time 'How to create a quiz?' dialog for an owner with nothing published yet. */
export function HowToDialog({ open, tutorialUrl, onClose }: Props) {
  const external = /^https?:/.test(tutorialUrl);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={dashboardMessages.howToCreateTitle}
      primaryAction={{ content: dashboardMessages.watchTutorial, url: tutorialUrl, external, onAction: onClose }}
      secondaryActions={[{ content: 'Got it', onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">A quiz takes a few minutes to build:</Text>
          <List type="number">
            <List.Item>Pick a quiz type, then a template or a blank quiz.</List.Item>
            <List.Item>Add your questions and answers, and set up the lead form.</List.Item>
            <List.Item>Choose the results visitors see, then publish and share it.</List.Item>
          </List>
          <Text as="p" tone="subdued">
            The short video walks through each step.
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
