import { DataTable, Text } from '@shopify/polaris';

/**
 * Rows of figures under headings: a table on wide screens, and on narrow ones a list with each row's
 * first cell as its title and the others labelled by their heading (a wide table does not fit a phone).
 * The first column is text, the others numbers unless `lastIsText`.
 */
export function FiguresTable(props: {
  headings: string[];
  rows: string[][];
  keys: string[];
  narrow: boolean;
  lastIsText?: boolean;
}) {
  const { headings, rows, keys, narrow } = props;
  if (narrow) {
    return (
      <ul className="ql-revenue-list">
        {rows.map((row, index) => (
          <li key={keys[index]}>
            <Text as="p" fontWeight="semibold">
              {row[0]}
            </Text>
            <dl>
              {headings.slice(1).map((heading, column) => (
                <div key={heading}>
                  <dt>{heading}</dt>
                  <dd>{row[column + 1]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  const numbers = headings
    .slice(1)
    .map((_, column) => (props.lastIsText && column === headings.length - 2 ? 'text' : 'numeric') as 'text' | 'numeric');
  return <DataTable columnContentTypes={['text', ...numbers]} headings={headings} rows={rows} />;
}
