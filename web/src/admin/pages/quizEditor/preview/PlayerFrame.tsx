import { builderPreviewPath, isPreviewMessage, type TPreviewShow } from '@quizlead/shared/builderPreview.ts';
import { useEffect, useRef, useState } from 'react';

interface Props {
  /** The draft and the screen to draw. */
  show: TPreviewShow;
  /** An answer the owner clicked in the preview. */
  onPick(questionId: string, answerId: string): void;
}

/** The tallest the preview grows to; a longer screen scrolls inside it. */
const maxHeight = 1200;

/**
 * The public player in a frame, drawing the builder's draft (shared/src/builderPreview.ts): what the
 * owner previews is what visitors get, screen for screen. The frame is as tall as the screen it shows.
 */
export function PlayerFrame({ show, onPick }: Props) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  /** Counts the player's 'ready' messages and the frame's loads: each sends the draft again. */
  const [readyCount, setReadyCount] = useState(0);
  const [height, setHeight] = useState(420);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!frameRef.current || event.source !== frameRef.current.contentWindow) return;
      if (event.origin !== window.location.origin) return;
      const data: unknown = event.data;
      if (isPreviewMessage(data)) {
        if (data.type === 'quizlead-preview-ready') setReadyCount((count) => count + 1);
        else if (data.type === 'quizlead-preview-pick') onPick(data.questionId, data.answerId);
      } else if (isHeightMessage(data)) {
        setHeight(Math.min(maxHeight, Math.max(200, Math.ceil(data.height))));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onPick]);

  useEffect(() => {
    if (readyCount > 0) frameRef.current?.contentWindow?.postMessage(show, window.location.origin);
  }, [readyCount, show]);

  // The draft goes again once the frame has loaded: a 'ready' sent before this window listened is not lost.
  // Lazy: on a phone the preview is below the form, and the player's page and code wait until it is near.
  return (
    <iframe
      ref={frameRef}
      className="ql-preview"
      title="Quiz preview"
      src={builderPreviewPath}
      loading="lazy"
      style={{ height }}
      onLoad={() => setReadyCount((count) => count + 1)}
    />
  );
}

function isHeightMessage(data: unknown): data is { type: 'quizlead-height'; height: number } {
  const message = data as { type?: unknown; height?: unknown } | null;
  return message?.type === 'quizlead-height' && typeof message.height === 'number' && Number.isFinite(message.height);
}
