import { BlockStack, Button, DatePicker, InlineError, InlineStack, Popover } from '@shopify/polaris';
import { CalendarIcon } from '@shopify/polaris-icons';
import { dashboardMessages } from '@quizlead/shared/reports.ts';
import { useState } from 'react';
import type { DayRange } from '../../api/dashboard.ts';
import styles from './dashboard.module.css';
import { utcToday } from '@quizlead/shared/days.ts';
import { formatRange, fromLocalDate, rangeProblem, toLocalDate } from './range.ts';

interface Props {
  /** The range being chosen (not yet applied). */
  value: DayRange;
  onChange(range: DayRange): void;
  /** Applies the chosen range: stats and chart load again. */
  onFilter(): void;
  busy: boolean;
}

/**
 * A two-month date-range picker in a popover (days after today cannot be picked) and the Filter
 * button. The activator shows the chosen range as text.
 */
export function RangePicker({ value, onChange, onFilter, busy }: Props) {
  const [open, setOpen] = useState(false);
  const today = utcToday();
  const endDate = toLocalDate(value.end);
  // The calendar opens with the range's end in its second month (it shows two).
  const [view, setView] = useState(() => {
    const first = new Date(endDate.getFullYear(), endDate.getMonth() - 1, 1);
    return { month: first.getMonth(), year: first.getFullYear() };
  });
  const problem = rangeProblem(value, today);
  const rangeText = formatRange(value);

  return (
    <BlockStack gap="100">
      <InlineStack gap="200" blockAlign="center" wrap>
        <Popover
          active={open}
          onClose={() => setOpen(false)}
          preferredAlignment="left"
          fluidContent
          autofocusTarget="first-node"
          activator={
            <Button
              icon={CalendarIcon}
              disclosure={open ? 'up' : 'down'}
              onClick={() => setOpen((state) => !state)}
              accessibilityLabel={`Date range: ${rangeText}`}
              ariaExpanded={open}
            >
              {rangeText}
            </Button>
          }
        >
          <Popover.Pane fixed>
            <div className={styles.picker}>
              <BlockStack gap="300">
                <DatePicker
                  month={view.month}
                  year={view.year}
                  onMonthChange={(month, year) => setView({ month, year })}
                  selected={{ start: toLocalDate(value.start), end: endDate }}
                  onChange={({ start, end }) => onChange({ start: fromLocalDate(start), end: fromLocalDate(end) })}
                  disableDatesAfter={toLocalDate(today)}
                  multiMonth
                  allowRange
                />
                <InlineStack align="end">
                  <Button onClick={() => setOpen(false)}>Done</Button>
                </InlineStack>
              </BlockStack>
            </div>
          </Popover.Pane>
        </Popover>
        <Button
          variant="primary"
          onClick={() => {
            setOpen(false);
            onFilter();
          }}
          disabled={problem !== null}
          loading={busy}
        >
          {dashboardMessages.filter}
        </Button>
      </InlineStack>
      {problem ? <InlineError message={problem} fieldID="dashboard-range" /> : null}
    </BlockStack>
  );
}
