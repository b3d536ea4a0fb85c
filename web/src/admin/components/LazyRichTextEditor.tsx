import { BlockStack, Button, InlineError, InlineStack, Text } from '@shopify/polaris';
import { visibleLength } from '@quizlead/shared/engine/text.ts';
import { useEffect, useId, useState, type ComponentProps } from 'react';
import { afterNextPaint } from '../afterPaint.ts';
import './RichTextEditor.css';
import { RichTextFooter } from './RichTextFooter.tsx';
// Types only: the editor's code itself loads on demand, below.
import type * as EditorCode from './RichTextEditor.tsx';

type EditorModule = typeof EditorCode;
type Props = ComponentProps<EditorModule['RichTextEditor']>;

export const richTextLoadTexts = {
  failed: 'The text editor did not load.',
  retry: 'Try again',
} as const;

let loadedEditor: EditorModule | undefined;
let loadingEditor: Promise<EditorModule> | undefined;

/**
 * Lexical and our editor (about 70 KB compressed, the `editor` chunk of bundleChunks.ts), once for every
 * editor on the page, asked for once the screen has painted. A failed load is forgotten, so Try again asks the server again.
 */
function loadEditor(): Promise<EditorModule> {
  loadingEditor ??= import('./RichTextEditor.tsx').then(
    (module) => (loadedEditor = module),
    (error: unknown) => {
      loadingEditor = undefined;
      throw error;
    },
  );
  return loadingEditor;
}

/**
 * The rich text editor (RichTextEditor.tsx, same props), whose code loads when the first one mounts: a
 * screen with an editor paints without waiting for Lexical. Until it arrives the field shows its label,
 * the toolbar's place and its text, read-only, in boxes of the editor's own size, so nothing moves when
 * the editor takes their place; if it does not arrive, the field says so with Try again.
 */
export function RichTextEditor(props: Props) {
  const [editor, setEditor] = useState(loadedEditor);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (editor) return;
    let mounted = true;
    const load = () =>
      loadEditor().then(
        (module) => mounted && setEditor(module),
        () => mounted && setFailed(true),
      );
    // The first load waits for the screen's first paint (the placeholder holds the editor's place); Try again does not.
    let cancel: (() => void) | undefined;
    if (attempt === 0) cancel = afterNextPaint(() => void load());
    else void load();
    return () => {
      mounted = false;
      cancel?.();
    };
  }, [editor, attempt]);

  if (editor) return <editor.RichTextEditor {...props} />;
  return (
    <RichTextPlaceholder
      {...props}
      failed={failed}
      onRetry={() => {
        setFailed(false);
        setAttempt((count) => count + 1);
      }}
    />
  );
}

interface PlaceholderProps extends Props {
  failed: boolean;
  onRetry(): void;
}

function RichTextPlaceholder({ label, value, maxVisible, helpText, error, failed, onRetry }: PlaceholderProps) {
  const id = useId();
  return (
    <BlockStack gap="100">
      <Text as="span" id={`${id}-label`}>
        {label}
      </Text>
      {/* Not a text box until it can be edited: a busy group named like the field, so a screen reader says
          which field is coming and keyboard focus never lands where typing would be lost. */}
      <div
        className={`ql-rte${error ? ' ql-rte--error' : ''}`}
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-help`}
        aria-busy
      >
        <div className="ql-rte__toolbar" aria-hidden="true">
          {[3, 1, 2].map((tools, group) => (
            <span key={group} className="ql-rte__tools-placeholder" style={{ width: `calc(${tools} * var(--ql-rte-tool))` }} />
          ))}
        </div>
        <div className="ql-rte__input">
          <TextBlocks html={value} />
        </div>
      </div>
      <RichTextFooter
        id={id}
        notice={
          failed ? (
            <InlineStack gap="200" blockAlign="center">
              <InlineError message={richTextLoadTexts.failed} fieldID={id} />
              <Button variant="plain" onClick={onRetry}>
                {richTextLoadTexts.retry}
              </Button>
            </InlineStack>
          ) : undefined
        }
        problem={error}
        helpText={helpText}
        length={visibleLength(value)}
        maxVisible={maxVisible}
      />
    </BlockStack>
  );
}

/**
 * The field's text as the editor will lay it out (paragraphs and lists in the editor's classes), as
 * plain text: the editor's height arrives with its placeholder, and nothing of the HTML runs.
 */
function TextBlocks({ html }: { html: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const blocks = [...body.childNodes].filter((node) => node instanceof Element || node.textContent?.trim());
  // An empty editor still shows one empty line, as Lexical's empty paragraph does.
  if (blocks.length === 0) return <p className="ql-rte__paragraph">{<br />}</p>;
  return blocks.map((block, index) => {
    const tag = block instanceof Element ? block.tagName : '';
    if (tag !== 'UL' && tag !== 'OL')
      return (
        <p key={index} className="ql-rte__paragraph">
          {block.textContent || <br />}
        </p>
      );
    const List = tag === 'UL' ? 'ul' : 'ol';
    return (
      <List key={index} className={tag === 'UL' ? 'ql-rte__ul' : 'ql-rte__ol'}>
        {[...(block as Element).children].map((item, row) => (
          <li key={row} className="ql-rte__li">
            {item.textContent || <br />}
          </li>
        ))}
      </List>
    );
  });
}
