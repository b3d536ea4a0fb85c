import { Banner, BlockStack, Box, Button, Card, InlineStack, Select, SkeletonBodyText, Text, TextField } from '@shopify/polaris';
import { visibleText } from '@quizlead/shared/engine/text.ts';
import type { ItemKind } from '@quizlead/shared/i18n/itemTexts.ts';
import { translationProgress, translationProgressText } from '@quizlead/shared/i18n/itemTexts.ts';
import { directionOf, visitorLanguages, type VisitorLanguage, languageEndonyms } from '@quizlead/shared/i18n/languages.ts';
import { languagesScreenTexts as texts } from '@quizlead/shared/i18n/languagesScreen.ts';
import type { TItemLanguages, TItemLanguagesView } from '@quizlead/shared/schemas/itemLanguages.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { useId, useRef, useState } from 'react';
import { ApiError, errorNotice } from '../../api/client.ts';
import { getItemLanguages, importTranslationsCsv, saveItemLanguages, translationsCsvPath } from '../../api/itemLanguages.ts';
import { downloadExport } from '../../api/lists.ts';
import { useResource } from '../../data/useResource.ts';
import { useShowToast } from '../../toast.ts';
import { RichTextEditor } from '../LazyRichTextEditor.tsx';

interface Props {
  kind: ItemKind;
  id: string;
  /** Said above the texts when what is translated is the last save (the quiz builder's draft may be ahead). */
  savedTextsNote?: boolean;
}

/**
 * An item's Languages place (issue 34): its default, fixed and added languages, and every text it has
 * translated side by side with the default, with each language's progress; the texts as a CSV file for
 * translators, exported and imported. The same for quizzes, polls, web responses and wheels.
 */
export function LanguagesPanel({ kind, id, savedTextsNote }: Props) {
  const { loaded, reload } = useResource(['languages', kind, id], (signal) => getItemLanguages(kind, id, signal));
  if (loaded.state === 'loading') {
    return (
      <Card>
        <SkeletonBodyText lines={8} />
      </Card>
    );
  }
  if (loaded.state === 'missing') {
    return (
      <Card>
        <Text as="p">{texts.notFound}</Text>
      </Card>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <Banner tone="critical" title={texts.loadFailed} action={{ content: texts.retry, onAction: reload }}>
        <p>{loaded.message}</p>
      </Banner>
    );
  }
  return (
    <LanguagesEditor
      key={JSON.stringify(loaded.data.languages)}
      kind={kind}
      id={id}
      view={loaded.data}
      onChanged={reload}
      note={savedTextsNote}
    />
  );
}

/** Without a language its translations go too (a removed language's texts are not kept half-hidden). */
function withoutLanguage(languages: TItemLanguages, language: VisitorLanguage): TItemLanguages {
  const { [language]: _removed, ...translations } = languages.translations;
  return {
    ...languages,
    languages: languages.languages.filter((code) => code !== language),
    fixed: languages.fixed === language ? null : languages.fixed,
    translations,
  };
}

function LanguagesEditor({
  kind,
  id,
  view,
  onChanged,
  note,
}: {
  kind: ItemKind;
  id: string;
  view: TItemLanguagesView;
  onChanged(): void;
  note?: boolean;
}) {
  const showToast = useShowToast();
  const [languages, setLanguages] = useState<TItemLanguages>(view.languages);
  const [adding, setAdding] = useState<VisitorLanguage | ''>('');
  const [current, setCurrent] = useState<VisitorLanguage | null>(view.languages.languages[0] ?? null);
  const [busy, setBusy] = useState<'save' | 'import' | 'export' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const addable = visitorLanguages.filter((code) => code !== languages.default && !languages.languages.includes(code));
  const shown = current && languages.languages.includes(current) ? current : (languages.languages[0] ?? null);

  function setDefault(language: VisitorLanguage) {
    setLanguages((value) => ({ ...withoutLanguage(value, language), default: language }));
  }

  function add() {
    if (!adding) return;
    setLanguages((value) => ({ ...value, languages: [...value.languages, adding] }));
    setCurrent(adding);
    setAdding('');
  }

  function translate(language: VisitorLanguage, key: string, text: string) {
    setLanguages((value) => ({
      ...value,
      translations: { ...value.translations, [language]: { ...value.translations[language], [key]: text } },
    }));
  }

  async function run(kindOfWork: NonNullable<typeof busy>, work: () => Promise<void>) {
    setBusy(kindOfWork);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation') setProblem(error.message);
      else showToast(errorNotice(error), { error: true });
    } finally {
      setBusy(null);
    }
  }

  const save = () =>
    run('save', async () => {
      await saveItemLanguages(kind, id, languages);
      showToast(texts.saved);
      onChanged();
    });

  const exportCsv = () => run('export', () => downloadExport(translationsCsvPath(kind, id), `${kind}-translations.csv`));

  const importCsv = (file: File | undefined) => {
    if (!file) return;
    void run('import', async () => {
      const imported = await importTranslationsCsv(kind, id, file);
      showToast(imported.message);
      onChanged();
    });
    if (fileInput.current) fileInput.current.value = '';
  };

  const languageOptions = (codes: readonly VisitorLanguage[]) =>
    codes.map((code) => ({ label: `${languageEndonyms[code]} (${code})`, value: code }));

  return (
    <BlockStack gap="400">
      {problem ? (
        <Banner tone="critical" title={messages.account.validationErrorTitle} onDismiss={() => setProblem(null)}>
          <p>{problem}</p>
        </Banner>
      ) : null}
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            {texts.languagesTitle}
          </Text>
          <Text as="p" tone="subdued">
            {texts.languagesHelp}
          </Text>
          <InlineStack gap="400" wrap>
            <Select
              label={texts.defaultLanguage}
              helpText={texts.defaultHelp}
              options={languageOptions(visitorLanguages)}
              value={languages.default}
              onChange={(value) => setDefault(value as VisitorLanguage)}
            />
            <Select
              label={texts.fixedLanguage}
              helpText={texts.fixedHelp}
              options={[{ label: texts.fixedNone, value: '' }, ...languageOptions([languages.default, ...languages.languages])]}
              value={languages.fixed ?? ''}
              onChange={(value) =>
                setLanguages((previous) => ({ ...previous, fixed: (value || null) as VisitorLanguage | null }))
              }
            />
          </InlineStack>
          <BlockStack gap="200">
            <Text as="h3" variant="headingSm">
              {texts.added}
            </Text>
            {languages.languages.length === 0 ? (
              <Text as="p" tone="subdued">
                {texts.noneAdded}
              </Text>
            ) : (
              <InlineStack gap="200" wrap>
                {languages.languages.map((code) => (
                  <Box key={code} padding="100" paddingInlineStart="200" background="bg-fill-secondary" borderRadius="200">
                    <InlineStack gap="200" blockAlign="center">
                      <Text as="span">{languageEndonyms[code]}</Text>
                      <Button
                        variant="plain"
                        tone="critical"
                        accessibilityLabel={texts.removeLabel(languageEndonyms[code])}
                        onClick={() => setLanguages((value) => withoutLanguage(value, code))}
                      >
                        {texts.remove}
                      </Button>
                    </InlineStack>
                  </Box>
                ))}
              </InlineStack>
            )}
            <InlineStack gap="200" blockAlign="end">
              <Select
                label={texts.addLanguage}
                options={[{ label: '—', value: '' }, ...languageOptions(addable)]}
                value={adding}
                onChange={(value) => setAdding(value as VisitorLanguage | '')}
                disabled={addable.length === 0}
              />
              <Button onClick={add} disabled={!adding}>
                {texts.addButton}
              </Button>
            </InlineStack>
          </BlockStack>
          <InlineStack align="space-between" gap="200" blockAlign="center">
            <Text as="p" tone="subdued">
              {texts.csvHelp}
            </Text>
            <InlineStack gap="200">
              <Button onClick={() => void exportCsv()} loading={busy === 'export'} disabled={busy !== null}>
                {texts.exportCsv}
              </Button>
              <Button onClick={() => fileInput.current?.click()} loading={busy === 'import'} disabled={busy !== null}>
                {texts.importCsv}
              </Button>
              <input
                ref={fileInput}
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                hidden
                aria-label={texts.importCsv}
                onChange={(event) => importCsv(event.currentTarget.files?.[0])}
              />
            </InlineStack>
          </InlineStack>
        </BlockStack>
      </Card>
      {shown ? (
        <TranslationsCard
          view={view}
          languages={languages}
          language={shown}
          onLanguage={setCurrent}
          onTranslate={translate}
          note={note}
        />
      ) : null}
      <InlineStack align="end">
        <Button variant="primary" onClick={() => void save()} loading={busy === 'save'} disabled={busy !== null}>
          {texts.save}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}

function TranslationsCard({
  view,
  languages,
  language,
  onLanguage,
  onTranslate,
  note,
}: {
  view: TItemLanguagesView;
  languages: TItemLanguages;
  language: VisitorLanguage;
  onLanguage(language: VisitorLanguage): void;
  onTranslate(language: VisitorLanguage, key: string, text: string): void;
  note?: boolean;
}) {
  const progress = (code: VisitorLanguage) =>
    translationProgressText(translationProgress(view.texts, languages.translations[code]));
  const translations = languages.translations[language] ?? {};
  const dir = directionOf(language);
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {texts.translationsTitle}
        </Text>
        <Select
          label={texts.translateInto}
          options={languages.languages.map((code) => ({ label: `${languageEndonyms[code]} — ${progress(code)}`, value: code }))}
          value={language}
          onChange={(value) => onLanguage(value as VisitorLanguage)}
        />
        <Text as="p" variant="bodySm" tone="subdued">
          <span aria-live="polite">{progress(language)}</span>
        </Text>
        {note ? (
          <Text as="p" tone="subdued">
            {texts.textsAsSaved}
          </Text>
        ) : null}
        {view.texts.length === 0 ? (
          <Box paddingBlock="400">
            <Text as="p" tone="subdued" alignment="center">
              {texts.noTexts}
            </Text>
          </Box>
        ) : (
          <BlockStack gap="400">
            {view.texts.map((text) => {
              const shownDefault = text.rich ? visibleText(text.text) : text.text;
              const label = `${text.label} (${languageEndonyms[language]})`;
              return (
                <div key={`${language}:${text.key}`} className="ql-translation-row" dir="auto">
                  <BlockStack gap="100">
                    <Text as="p" variant="bodySm" tone="subdued">
                      {`${texts.defaultText} (${languageEndonyms[languages.default]}): ${shownDefault}`}
                    </Text>
                    <div dir={dir} lang={language}>
                      {text.rich ? (
                        <RichTextEditor
                          label={label}
                          value={translations[text.key] ?? ''}
                          onChange={(html) => onTranslate(language, text.key, visibleText(html).trim() ? html : '')}
                          maxVisible={text.max}
                          helpText={translations[text.key] ? undefined : shownDefault}
                        />
                      ) : (
                        <TextField
                          label={label}
                          value={translations[text.key] ?? ''}
                          placeholder={shownDefault}
                          onChange={(value) => onTranslate(language, text.key, value)}
                          autoComplete="off"
                          maxLength={text.max}
                          showCharacterCount
                          multiline={text.max > 100 ? 2 : undefined}
                        />
                      )}
                    </div>
                  </BlockStack>
                </div>
              );
            })}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
