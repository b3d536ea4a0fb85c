import { Checkbox, TextField } from '@shopify/polaris';
import type { TQuizSettings } from '@quizlead/shared/schemas/quiz.ts';
import type { QuizDraftApi } from '../useQuizDraft.ts';

type KeysOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T];
export type TextSettingKey = KeysOf<TQuizSettings, string>;
export type BooleanSettingKey = KeysOf<TQuizSettings, boolean>;

interface TextProps {
  editor: QuizDraftApi;
  name: TextSettingKey;
  label: string;
  /** Adds a live 'n/max' counter. */
  max?: number;
  multiline?: number | boolean;
  helpText?: string;
  placeholder?: string;
  type?: 'text' | 'url';
  monospaced?: boolean;
  /** A message under the field (a value the save would refuse). */
  error?: string;
}

/** A text field bound to one quiz setting. */
export function SettingTextField({
  editor,
  name,
  label,
  max,
  multiline,
  helpText,
  placeholder,
  type,
  monospaced,
  error,
}: TextProps) {
  return (
    <TextField
      label={label}
      value={editor.draft.settings[name]}
      onChange={(value) => editor.updateSettings({ [name]: value })}
      autoComplete="off"
      maxLength={max}
      showCharacterCount={max !== undefined}
      multiline={multiline}
      helpText={helpText}
      placeholder={placeholder}
      type={type}
      monospaced={monospaced}
      error={error}
    />
  );
}

interface CheckboxProps {
  editor: QuizDraftApi;
  name: BooleanSettingKey;
  label: string;
  helpText?: string;
}

/** A checkbox bound to one on/off quiz setting. */
export function SettingCheckbox({ editor, name, label, helpText }: CheckboxProps) {
  return (
    <Checkbox
      label={label}
      checked={editor.draft.settings[name]}
      onChange={(checked) => editor.updateSettings({ [name]: checked })}
      helpText={helpText}
    />
  );
}
