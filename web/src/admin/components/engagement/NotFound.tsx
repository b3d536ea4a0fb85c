import { Card, EmptyState, Page } from '@shopify/polaris';
import emptyImage from '../../assets/welcome.svg';

interface Props {
  /** 'Poll', 'Web response', 'Wheel spin'. */
  thing: string;
  list: { content: string; url: string };
}

/** What a screen shows for an id that is not (or no longer) in this account. */
export function NotFound({ thing, list }: Props) {
  return (
    <Page narrowWidth>
      <Card>
        <EmptyState
          heading={`${thing} not found`}
          action={{ content: `Go to ${list.content}`, url: list.url }}
          image={emptyImage}
        >
          <p>{`This ${thing.toLowerCase()} does not exist or belongs to another account.`}</p>
        </EmptyState>
      </Card>
    </Page>
  );
}
