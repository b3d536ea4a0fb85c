import { BlockStack, Button, Card, InlineStack, Page, Text } from '@shopify/polaris';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { reloadApp } from '../shell.ts';

export const routeErrorTexts = {
  title: 'This page could not be shown',
  body: 'Something went wrong while showing this page. Try again; if it keeps happening, reload the app.',
  retry: 'Try again',
} as const;

/** A page's code that did not arrive (a dropped connection, or a new version replaced the old files). */
function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(message);
}

interface Props {
  children: ReactNode;
  /** The location: moving elsewhere clears the error. */
  resetKey: string;
}

interface State {
  error: unknown;
  failedAt: string | null;
}

class Boundary extends Component<Props, State> {
  override state: State = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error && state.failedAt !== null && state.failedAt !== props.resetKey) return { error: null, failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.setState({ failedAt: this.props.resetKey });
    console.error('A page failed to render', error, info.componentStack);
  }

  retry = () => {
    // A page whose code failed to load stays failed in React.lazy: only a reload asks again.
    if (isChunkLoadError(this.state.error)) reloadApp();
    else this.setState({ error: null, failedAt: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Page narrowWidth>
        <div data-route-error="">
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {routeErrorTexts.title}
              </Text>
              <Text as="p" tone="subdued">
                {routeErrorTexts.body}
              </Text>
              <InlineStack>
                <Button variant="primary" onClick={this.retry}>
                  {routeErrorTexts.retry}
                </Button>
              </InlineStack>
            </BlockStack>
          </Card>
        </div>
      </Page>
    );
  }
}

/**
 * Keeps a page's failure inside the page: a render error (or its code failing to load) shows a card
 * with Try again where the page was, and the shell, its menu and the other pages keep working.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
