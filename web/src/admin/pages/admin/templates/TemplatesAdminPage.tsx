import { Badge, BlockStack, Button, ButtonGroup, Text } from '@shopify/polaris';
import { ArrowDownIcon, ArrowUpIcon } from '@shopify/polaris-icons';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { quizTypeInfo } from '@quizlead/shared/quizzes.ts';
import type { TAdminTemplate } from '@quizlead/shared/schemas/admin.ts';
import { useEffect, useRef } from 'react';
import { listTemplates, orderTemplates, setTemplateRetired } from '../../../api/admin.ts';
import { useResource } from '../../../data/useResource.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { AdminList } from '../components/AdminList.tsx';
import type { Column } from '../components/AdminTable.tsx';
import { RetireModal } from '../components/RetireModal.tsx';
import { useAdminAction } from '../components/useAdminAction.ts';
import { useDialog } from '../components/useDialog.ts';
import { templateAdminTexts as texts } from '../texts.ts';
import { AddTemplateModal } from './AddTemplateModal.tsx';

type Direction = 'up' | 'down';

/** The id of a row's move button, to give focus back to it once the row has moved. */
const moveButtonId = (template: TAdminTemplate, direction: Direction) => `admin-template-${direction}-${template.id}`;

/** The order with one template moved a place up or down. */
function moved(templates: readonly TAdminTemplate[], index: number, direction: Direction): string[] {
  const ids = templates.map((template) => template.id);
  const other = direction === 'up' ? index - 1 : index + 1;
  [ids[index], ids[other]] = [ids[other]!, ids[index]!];
  return ids;
}

const title = (template: TAdminTemplate) => template.title.trim() || template.id;

const columns: Column<TAdminTemplate>[] = [
  { title: texts.columns.position, alignment: 'end', onPhone: false, cell: (template) => String(template.position + 1) },
  {
    title: texts.columns.title,
    onPhone: false,
    cell: (template) => (
      <BlockStack gap="050">
        <Text as="span" fontWeight="semibold">
          <span className="ql-admin-wrap">{title(template)}</span>
        </Text>
        <Text as="span" tone="subdued" variant="bodySm">
          {texts.from(template.companyName)}
        </Text>
      </BlockStack>
    ),
  },
  { title: texts.columns.type, cell: (template) => quizTypeInfo[template.quizType].label },
  { title: texts.columns.questions, alignment: 'end', cell: (template) => String(template.questionCount) },
  {
    title: texts.columns.status,
    cell: (template) => (template.retired ? <Badge>{texts.retired}</Badge> : <Badge tone="success">{texts.active}</Badge>),
  },
];

/**
 * /app/Admin/templates: the catalogue in the chooser's order, moved a place at a time with buttons
 * (keyboard first; no drag), retired and restored, and added to from any quiz.
 */
export function TemplatesAdminPage() {
  const list = useResource(['admin-templates'], listTemplates);
  const action = useAdminAction();
  const adding = useDialog<true>();
  const retiring = useDialog<TAdminTemplate>();
  const refocus = useRef<{ template: TAdminTemplate; direction: Direction } | null>(null);

  // A moved row is drawn anew: its button gets the focus back, or the other one at an end of the list.
  useEffect(() => {
    const moved = refocus.current;
    if (!moved || list.loading) return;
    const other: Direction = moved.direction === 'up' ? 'down' : 'up';
    const button =
      document.querySelector<HTMLButtonElement>(`#${moveButtonId(moved.template, moved.direction)}:not([disabled])`) ??
      document.querySelector<HTMLButtonElement>(`#${moveButtonId(moved.template, other)}`);
    button?.focus();
    refocus.current = null;
  }, [list.loading, list.data]);

  const move = (templates: readonly TAdminTemplate[], index: number, direction: Direction) => {
    const template = templates[index]!;
    void action.run(template.id, () => orderTemplates(moved(templates, index, direction)), {
      success: (result) => result.message,
      onDone: () => {
        refocus.current = { template, direction };
        list.reload();
      },
    });
  };

  const setRetired = (template: TAdminTemplate, retired: boolean) =>
    action.run(template.id, () => setTemplateRetired(template.id, retired), {
      success: (result) => result.message,
      onDone: list.reload,
    });

  const open = () => adding.show(true);

  return (
    <AdminPage title={texts.title} subtitle={texts.subtitle} primaryAction={{ content: texts.add, onAction: open }}>
      <AdminList
        list={list}
        texts={texts}
        empty={adminMessages.noTemplates}
        emptyAction={{ content: texts.add, onAction: open }}
        rowId={(template) => template.id}
        columns={columns}
        heading={(template) => `${template.position + 1}. ${title(template)}`}
        actions={(template) => {
          const templates = list.data ?? [];
          const index = templates.indexOf(template);
          const busy = action.busy !== null;
          return (
            <>
              <ButtonGroup variant="segmented">
                <Button
                  id={moveButtonId(template, 'up')}
                  size="slim"
                  icon={ArrowUpIcon}
                  disabled={index === 0 || busy}
                  onClick={() => move(templates, index, 'up')}
                  accessibilityLabel={texts.moveUpLabel(title(template))}
                />
                <Button
                  id={moveButtonId(template, 'down')}
                  size="slim"
                  icon={ArrowDownIcon}
                  disabled={index === templates.length - 1 || busy}
                  onClick={() => move(templates, index, 'down')}
                  accessibilityLabel={texts.moveDownLabel(title(template))}
                />
              </ButtonGroup>
              {template.retired ? (
                <Button
                  size="slim"
                  disabled={busy}
                  onClick={() => void setRetired(template, false)}
                  accessibilityLabel={texts.restoreLabel(title(template))}
                >
                  {texts.restore}
                </Button>
              ) : (
                <Button
                  size="slim"
                  tone="critical"
                  disabled={busy}
                  onClick={() => retiring.show(template)}
                  accessibilityLabel={texts.retireLabel(title(template))}
                >
                  {texts.retire}
                </Button>
              )}
            </>
          );
        }}
      />
      <AddTemplateModal
        key={adding.key}
        open={adding.open}
        action={action}
        onClose={adding.close}
        onAdded={() => {
          adding.close();
          list.reload();
        }}
      />
      <RetireModal
        dialog={retiring}
        texts={texts}
        name={title}
        busy={action.busy}
        onRetire={(template) => setRetired(template, true)}
      />
    </AdminPage>
  );
}
