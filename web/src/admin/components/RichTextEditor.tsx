import { BlockStack, Text } from '@shopify/polaris';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import type { InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { visibleLength } from '@quizlead/shared/engine/index.ts';
import { quizLimits, quizMessages } from '@quizlead/shared/quizzes.ts';
import { $restoreEditorState } from '@lexical/utils';
import { $getRoot, $insertNodes, $setSelection, COMMAND_PRIORITY_HIGH, PASTE_COMMAND, RootNode } from 'lexical';
import type { EditorState, LexicalEditor } from 'lexical';
import { useEffect, useId, useState } from 'react';
import './RichTextEditor.css';
import { RichTextFooter } from './RichTextFooter.tsx';
import { RichTextToolbar, isSafeUrl } from './RichTextToolbar.tsx';

interface Props {
  label: string;
  /** HTML; read once when the editor mounts (give it a new `key` to load other content). */
  value: string;
  onChange(html: string): void;
  /** Shows an 'n / max' counter of the characters a visitor sees, and refuses input past it. */
  maxVisible?: number;
  helpText?: string;
  error?: string;
}

const theme = {
  paragraph: 'ql-rte__paragraph',
  link: 'ql-rte__link',
  list: { ul: 'ql-rte__ul', ol: 'ql-rte__ol', listitem: 'ql-rte__li' },
  text: { bold: 'ql-rte__bold', italic: 'ql-rte__italic', underline: 'ql-rte__underline' },
};

/** A Lexical rich text field (bold, italic, underline, links, lists) whose value is HTML. */
export function RichTextEditor({ label, value, onChange, maxVisible, helpText, error }: Props) {
  const id = useId();
  const [length, setLength] = useState(() => visibleLength(value));
  const [pasteRefused, setPasteRefused] = useState(false);
  const [initialConfig] = useState<InitialConfigType>(() => ({
    namespace: 'quizlead-rich-text',
    theme,
    nodes: [ListNode, ListItemNode, LinkNode],
    onError: (problem) => {
      throw problem;
    },
    editorState: value ? (editor) => loadHtml(editor, value) : undefined,
  }));

  const changed = (state: EditorState, editor: LexicalEditor) => {
    const html = state.read(() => $generateHtmlFromNodes(editor, null));
    const visible = visibleLength(html);
    setLength(visible);
    setPasteRefused(false);
    // An emptied editor still holds an empty paragraph; store it as no text at all.
    onChange(visible === 0 ? '' : html);
  };

  const problem = pasteRefused ? quizMessages.pasteTooLong : error;
  return (
    <BlockStack gap="100">
      <Text as="span" id={`${id}-label`}>
        {label}
      </Text>
      <div className={`ql-rte${problem ? ' ql-rte--error' : ''}`}>
        <LexicalComposer initialConfig={initialConfig}>
          <RichTextToolbar label={label} />
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                className="ql-rte__input"
                aria-labelledby={`${id}-label`}
                aria-describedby={`${id}-help`}
                aria-invalid={problem ? true : undefined}
                aria-multiline
                role="textbox"
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
          <HistoryPlugin />
          <ListPlugin />
          <LinkPlugin validateUrl={isSafeUrl} />
          <OnChangePlugin onChange={changed} />
          <PasteLimitPlugin onRefused={setPasteRefused} />
          {maxVisible !== undefined ? <MaxVisiblePlugin max={maxVisible} /> : null}
        </LexicalComposer>
      </div>
      <RichTextFooter id={id} problem={problem} helpText={helpText} length={length} maxVisible={maxVisible} />
    </BlockStack>
  );
}

/**
 * The editor's first content, with no selection left behind: Lexical puts a selection of its first state in
 * the page when the editor mounts, which in a browser takes the focus. The editor mounts once its code has
 * loaded, after the first paint (LazyRichTextEditor.tsx), when the owner may already be typing in another field
 * (the builder's title): the rest of their typing went into this editor, and a title being filled was lost.
 */
function loadHtml(editor: LexicalEditor, html: string) {
  const dom = new DOMParser().parseFromString(html, 'text/html');
  const nodes = $generateNodesFromDOM(editor, dom);
  $getRoot().select();
  $insertNodes(nodes);
  $setSelection(null);
}

/**
 * Refuses any edit (typing, pasting, dropping) that takes the visible text past `max`, measured like the
 * counter and the server: the editor goes back to where it was, within the same update, so nothing past
 * the limit is shown, saved or kept in the undo history. Text already past it (saved before the limit
 * was enforced) may only get shorter.
 */
function MaxVisiblePlugin({ max }: { max: number }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    let accepted = editor.getEditorState().read(() => visibleLength($generateHtmlFromNodes(editor, null)));
    return editor.registerNodeTransform(RootNode, () => {
      const length = visibleLength($generateHtmlFromNodes(editor, null));
      if (length > max && length > accepted) $restoreEditorState(editor, editor.getEditorState());
      else accepted = length;
    });
  }, [editor, max]);
  return null;
}

/** Refuses a paste whose visible text is longer than a rich text field may hold. */
function PasteLimitPlugin({ onRefused }: { onRefused(refused: boolean): void }) {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerCommand(
        PASTE_COMMAND,
        (event) => {
          const data = 'clipboardData' in event ? event.clipboardData : null;
          if (!data) return false;
          const html = data.getData('text/html');
          const pasted = html ? visibleLength(html) : [...data.getData('text/plain').trim()].length;
          if (pasted <= quizLimits.richTextPaste) return false;
          event.preventDefault();
          onRefused(true);
          return true;
        },
        COMMAND_PRIORITY_HIGH,
      ),
    [editor, onRefused],
  );
  return null;
}
