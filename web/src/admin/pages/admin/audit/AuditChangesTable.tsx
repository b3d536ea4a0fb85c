import { Text } from '@shopify/polaris';
import { auditTexts as texts } from '../texts.ts';
import type { FieldChange } from './auditChanges.ts';

/** An audit entry's changed fields: each with its value before and after. */
export function AuditChangesTable({ id, caption, changes }: { id: string; caption: string; changes: FieldChange[] }) {
  if (changes.length === 0) {
    return (
      <div id={id}>
        <Text as="p" tone="subdued">
          {texts.noChanges}
        </Text>
      </div>
    );
  }
  return (
    <table id={id} className="ql-admin-diff">
      <caption>
        <Text as="span" visuallyHidden>
          {caption}
        </Text>
      </caption>
      <thead>
        <tr>
          <th scope="col">{texts.field}</th>
          <th scope="col">{texts.before}</th>
          <th scope="col">{texts.after}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row" className="ql-admin-mono">
              {change.field}
            </th>
            <td className="ql-admin-diff__before">{change.before ?? texts.absent}</td>
            <td className="ql-admin-diff__after">{change.after ?? texts.absent}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
