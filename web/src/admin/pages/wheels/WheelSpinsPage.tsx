import { languageCell, languageColumnTitle } from '@quizlead/shared/i18n/languageLabels.ts';
import { Badge, BlockStack, Text, Tooltip } from '@shopify/polaris';
import { formatSubmissionDate, wheelMessages, wheelSpinColumns } from '@quizlead/shared/engagement.ts';
import type { TWheelSpinRow } from '@quizlead/shared/schemas/wheel.ts';
import { useParams } from 'react-router';
import { wheelApi } from '../../api/engagement.ts';
import { SubmissionsScreen, type SubmissionColumn } from '../../components/engagement/SubmissionsScreen.tsx';
import { wheelList, wheelTexts } from './texts.ts';
import { WheelRevenue } from './WheelRevenue.tsx';
import { ExperimentsCard } from '../experiments/ExperimentsCard.tsx';

const [idTitle, emailTitle, resultTitle, dateTitle] = wheelSpinColumns;

const columns: SubmissionColumn<TWheelSpinRow>[] = [
  { title: idTitle, value: (_row, number) => number, sortKey: (_row, number) => number },
  { title: emailTitle, value: (row) => row.email ?? '–', sortKey: (row) => row.email ?? '' },
  {
    title: resultTitle,
    value: (row) =>
      row.prizeCode ? (
        <BlockStack gap="050">
          <Text as="span">{row.result}</Text>
          <Text as="span" tone="subdued" variant="bodySm">{`Prize code: ${row.prizeCode}`}</Text>
        </BlockStack>
      ) : row.prizePending ? (
        // A winner the pool had no code for when they spun: still owed one, so it stands out.
        <BlockStack gap="050" inlineAlign="start">
          <Text as="span">{row.result}</Text>
          <Tooltip content={wheelMessages.prizeCodeWaitingHint}>
            <Badge tone="attention" progress="incomplete">
              {wheelMessages.prizeCodeWaiting}
            </Badge>
          </Tooltip>
        </BlockStack>
      ) : (
        row.result
      ),
    sortKey: (row) => row.result,
  },
  { title: dateTitle, value: (row) => formatSubmissionDate(row.date), sortKey: (row) => row.date },
  { title: languageColumnTitle, value: (row) => languageCell(row.language), sortKey: (row) => row.language ?? '' },
];

/** /app/wheelspin/response/{id}: who spun and what they won, and (shops) the orders the wheel brought. */
export function WheelSpinsPage() {
  const { id = '' } = useParams();
  return (
    <SubmissionsScreen
      kind="wheel"
      id={id}
      title={wheelTexts.spinsTitle}
      thing={wheelTexts.thing}
      list={wheelList()}
      loadItem={(signal) => wheelApi.get(id, signal)}
      subtitle={(wheel) => wheel.description}
      summary={() => (
        <BlockStack gap="400">
          <WheelRevenue id={id} />
          <ExperimentsCard kind="wheel" id={id} />
        </BlockStack>
      )}
      loadPage={(page, signal) => wheelApi.submissions(id, page, signal)}
      columns={columns}
      initialSort={{ column: 3, direction: 'descending' }}
      exportPath={(format) => wheelApi.exportPath(id, format)}
      exportName={(wheel) => `${wheel.slug || 'wheel'}-spins`}
      resourceName={{ singular: 'spin', plural: 'spins' }}
      emptyText={wheelTexts.noSpins}
    />
  );
}
