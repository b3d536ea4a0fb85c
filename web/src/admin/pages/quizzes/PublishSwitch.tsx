import styles from './quizzes.module.css';

interface Props {
  published: boolean;
  /** Names the quiz for screen readers: "Published: My quiz". */
  quizTitle: string;
  busy: boolean;
  onToggle(): void;
  /** The word for "not published" (polls say 'Unpublished'). */
  offLabel?: string;
}

/** The row's draft ↔ published toggle: a switch that says its state in words too. */
export function PublishSwitch({ published, quizTitle, busy, onToggle, offLabel = 'Draft' }: Props) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={published}
      aria-label={`Published: ${quizTitle}`}
      aria-busy={busy || undefined}
      disabled={busy}
      className={styles.switch}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      <span aria-hidden="true">{published ? 'Published' : offLabel}</span>
    </button>
  );
}
