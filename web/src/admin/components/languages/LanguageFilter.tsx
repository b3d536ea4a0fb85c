import { Select } from '@shopify/polaris';
import { isVisitorLanguage, visitorLanguages, type VisitorLanguage, languageEndonyms } from '@quizlead/shared/i18n/languages.ts';
import { languageFilterTexts } from '@quizlead/shared/i18n/languageLabels.ts';

/** Which language's plays a report shows: every language, or the one chosen (issue 34). */
export function LanguageFilter({
  language,
  onLanguage,
  disabled,
}: {
  language: VisitorLanguage | null;
  onLanguage(language: VisitorLanguage | null): void;
  disabled?: boolean;
}) {
  return (
    <Select
      label={languageFilterTexts.label}
      labelInline
      options={[
        { label: languageFilterTexts.all, value: '' },
        ...visitorLanguages.map((code) => ({ label: languageEndonyms[code], value: code })),
      ]}
      value={language ?? ''}
      onChange={(value) => onLanguage(isVisitorLanguage(value) ? value : null)}
      disabled={disabled}
    />
  );
}
