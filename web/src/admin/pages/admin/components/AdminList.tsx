import { Card } from '@shopify/polaris';
import { AdminTable, type AdminTableProps } from './AdminTable.tsx';
import { ListBody, type ListState } from './ListBody.tsx';
import { Pager } from './Pager.tsx';

/** A page of a list, as the server answers it. */
interface ListPage<Row> {
  page: number;
  pageSize: number;
  total: number;
  items: readonly Row[];
}

type Props<Row> = Omit<AdminTableProps<Row>, 'label' | 'resourceName' | 'rows' | 'loading'> & {
  /** The whole list, or one page of it. */
  list: ListState<readonly Row[] | ListPage<Row>>;
  /** The screen's words: its title names the table (and its pages) for screen readers. */
  texts: { title: string; resourceName: { singular: string; plural: string } };
  /** What an empty list says, and what to do about it. */
  empty: string;
  emptyAction?: { content: string; onAction(): void };
  /** A paged list's Previous and Next. */
  onPage?(page: number): void;
};

/** An admin screen's list: its loading, failed and empty states (ListBody), then the table in a card, with a pager under a paged list. */
export function AdminList<Row>({ list, texts, empty, emptyAction, onPage, ...table }: Props<Row>) {
  const rowsOf = (data: readonly Row[] | ListPage<Row>) => (isPage(data) ? data.items : data);
  return (
    <ListBody list={list} isEmpty={(data) => rowsOf(data).length === 0} empty={empty} emptyAction={emptyAction}>
      {(data) => (
        <Card padding="0">
          <AdminTable
            {...table}
            label={texts.title}
            resourceName={texts.resourceName}
            rows={rowsOf(data)}
            loading={list.loading}
          />
          {isPage(data) && onPage ? <Pager list={data} label={texts.title} onChange={onPage} /> : null}
        </Card>
      )}
    </ListBody>
  );
}

const isPage = <Row,>(data: readonly Row[] | ListPage<Row>): data is ListPage<Row> => !Array.isArray(data);
