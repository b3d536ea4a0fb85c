import { Button, TextField } from '@shopify/polaris';
import { CheckIcon, ClipboardIcon } from '@shopify/polaris-icons';
import { shareMessages } from '@quizlead/shared/sharing.ts';
import { useState } from 'react';
import { copyText } from '../../components/share/copyText.ts';

interface Props {
  label: string;
  value: string;
  helpText?: string;
}

/** A read-only value with a Copy button that says 'Copy Done' once copied (as on the share page). */
export function CopyField({ label, value, helpText }: Props) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);

  async function copy() {
    const done = await copyText(value);
    setCopied(done);
    setFailed(!done);
  }

  return (
    <TextField
      label={label}
      value={value}
      readOnly
      monospaced
      autoComplete="off"
      selectTextOnFocus
      helpText={failed ? 'The browser did not allow copying: select the text and copy it.' : helpText}
      connectedRight={
        <Button
          icon={copied ? CheckIcon : ClipboardIcon}
          onClick={() => void copy()}
          accessibilityLabel={copied ? `${shareMessages.copyDone}: ${label} copied` : `${shareMessages.copy} ${label}`}
        >
          {copied ? shareMessages.copyDone : shareMessages.copy}
        </Button>
      }
    />
  );
}
