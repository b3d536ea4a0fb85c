import { BlockStack, Button, InlineStack, Text } from '@shopify/polaris';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import styles from './tour.module.css';

export interface TourStep {
  id: string;
  title: string;
  body: string;
  /**
   * CSS selectors of what the step points at, tried in order; the first one on screen is scrolled
   * into view and highlighted. Without one (or when none is visible, like the navigation behind a
   * phone's hamburger) the card shows in the middle of the screen.
   */
  target?: string[];
  /** Where the card goes beside its target when there is room: below (default) or to the right. */
  placement?: 'bottom' | 'right';
}

export type TourEnd = 'done' | 'skipped';

interface Props {
  steps: TourStep[];
  /** The tour's accessible name, e.g. 'Dashboard tour'. */
  label: string;
  onClose(end: TourEnd): void;
}

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

const margin = 12;
const gap = 12;
const spotlightPadding = 6;

/** The first target that is on the page and has a size inside the viewport's width. */
function findTarget(step: TourStep): HTMLElement | null {
  for (const selector of step.target ?? []) {
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0 && rect.right > 0 && rect.left < window.innerWidth) return element;
  }
  return null;
}

/** The highlight around a target: a little larger than it, but never past the screen's sides. */
function toBox(rect: DOMRect): Box {
  const left = Math.max(2, rect.left - spotlightPadding);
  const right = Math.min(window.innerWidth - 2, rect.right + spotlightPadding);
  return {
    top: rect.top - spotlightPadding,
    left,
    width: Math.max(0, right - left),
    height: rect.height + spotlightPadding * 2,
  };
}

function sameBox(a: Box | null, b: Box | null): boolean {
  if (!a || !b) return a === b;
  return a.top === b.top && a.left === b.left && a.width === b.width && a.height === b.height;
}

/** Where the card goes: beside the highlighted box if it fits, else in the middle; always on screen. */
function placeCard(target: Box | null, card: { width: number; height: number }, placement: TourStep['placement']) {
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const clamp = (value: number, size: number, room: number) => Math.max(margin, Math.min(value, room - size - margin));
  const centred = {
    top: clamp((viewport.height - card.height) / 2, card.height, viewport.height),
    left: clamp((viewport.width - card.width) / 2, card.width, viewport.width),
  };
  if (!target) return centred;
  const fitsBelow = target.top + target.height + gap + card.height <= viewport.height - margin;
  const fitsAbove = target.top - gap - card.height >= margin;
  const fitsRight = target.left + target.width + gap + card.width <= viewport.width - margin;
  const besideTop = clamp(target.top, card.height, viewport.height);
  const alignedLeft = clamp(target.left, card.width, viewport.width);
  if (placement === 'right' && fitsRight) return { top: besideTop, left: target.left + target.width + gap };
  if (fitsBelow) return { top: target.top + target.height + gap, left: alignedLeft };
  if (fitsAbove) return { top: target.top - gap - card.height, left: alignedLeft };
  if (fitsRight) return { top: besideTop, left: target.left + target.width + gap };
  // No room beside it (a tall target on a small screen): the bottom edge of the screen.
  return { top: clamp(viewport.height - card.height - margin, card.height, viewport.height), left: centred.left };
}

/**
 * A guided tour: a card beside the element each step is about, that element highlighted and
 * scrolled into view, the rest of the page dimmed. The card is a non-modal dialog: focus moves into
 * it (onto Next/Done), Back/Next/Done/Skip are buttons, Esc skips, and focus goes back where it was
 * when the tour ends.
 */
export function Tour({ steps, label, onClose }: Props) {
  const [index, setIndex] = useState(0);
  const [target, setTarget] = useState<Box | null>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const primaryRef = useRef<HTMLDivElement>(null);
  const bodyId = useId();
  const step = steps[index];
  const last = index === steps.length - 1;

  // Focus returns to whatever had it (the 'Take the tour' button) once the tour ends; taken at the
  // first render, before the card takes the focus.
  const [returnFocus] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => () => returnFocus?.focus({ preventScroll: true }), [returnFocus]);

  const measure = useCallback(() => {
    if (!step) return;
    const element = findTarget(step);
    const box = element ? toBox(element.getBoundingClientRect()) : null;
    setTarget((previous) => (sameBox(previous, box) ? previous : box));
    const card = cardRef.current;
    if (!card) return;
    const next = placeCard(box, { width: card.offsetWidth, height: card.offsetHeight }, step.placement);
    setPosition((previous) => (previous && previous.top === next.top && previous.left === next.left ? previous : next));
  }, [step]);

  // Each step: bring its target into view, then place the card and move focus into it.
  useLayoutEffect(() => {
    if (!step) return;
    const element = findTarget(step);
    element?.scrollIntoView({ block: 'center', inline: 'nearest' });
    // Measuring the page and placing the card before it paints is what a layout effect is for.
    measure();
    primaryRef.current?.querySelector('button')?.focus({ preventScroll: true });
  }, [step, measure]);

  // The page can move under the tour without a resize or scroll: the sidebar collapses, the phone's
  // navigation drawer slides in, a chart loads. Follow the target on every frame while the tour is
  // open (one query and one measurement, and React re-renders only when a box really moved).
  useEffect(() => {
    let frame = requestAnimationFrame(function follow() {
      measure();
      frame = requestAnimationFrame(follow);
    });
    return () => cancelAnimationFrame(frame);
  }, [measure]);

  // Esc ends the tour wherever focus is.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose('skipped');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  if (!step) return null;

  const onCardKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight' && !last) setIndex(index + 1);
    if (event.key === 'ArrowLeft' && index > 0) setIndex(index - 1);
  };

  return createPortal(
    <div className={styles.layer}>
      {target ? (
        <div
          className={styles.spotlight}
          data-tour-spotlight
          style={{ top: target.top, left: target.left, width: target.width, height: target.height }}
          aria-hidden="true"
        />
      ) : (
        <div className={styles.backdrop} aria-hidden="true" />
      )}
      <div
        ref={cardRef}
        className={styles.card}
        style={position ? { top: position.top, left: position.left } : { top: 0, left: 0, opacity: 0 }}
        role="dialog"
        aria-modal="false"
        aria-label={`${label}: ${step.title}`}
        aria-describedby={bodyId}
        data-tour-step={step.id}
        onKeyDown={onCardKey}
      >
        <BlockStack gap="300">
          <BlockStack gap="100">
            <Text as="p" variant="bodySm" tone="subdued">
              {`Step ${index + 1} of ${steps.length}`}
            </Text>
            <Text as="h2" variant="headingMd">
              {step.title}
            </Text>
          </BlockStack>
          <Text as="p" id={bodyId}>
            {step.body}
          </Text>
          <InlineStack align="space-between" blockAlign="center" gap="200">
            {last ? (
              <span />
            ) : (
              <Button variant="plain" onClick={() => onClose('skipped')}>
                Skip tour
              </Button>
            )}
            <InlineStack gap="200">
              {index > 0 ? <Button onClick={() => setIndex(index - 1)}>Back</Button> : null}
              <div ref={primaryRef}>
                {last ? (
                  <Button variant="primary" onClick={() => onClose('done')}>
                    Done
                  </Button>
                ) : (
                  <Button variant="primary" onClick={() => setIndex(index + 1)}>
                    Next
                  </Button>
                )}
              </div>
            </InlineStack>
          </InlineStack>
        </BlockStack>
        <p className={styles.live} aria-live="polite">{`Step ${index + 1} of ${steps.length}: ${step.title}`}</p>
      </div>
    </div>,
    document.body,
  );
}
