import { SkeletonBodyText } from '@shopify/polaris';
import { quizLimits } from '@quizlead/shared/quizzes.ts';
import styles from './quizzes.module.css';

/**
 * The quizzes table while its first page loads: its heading row and a full page of rows, each of the
 * table's own height (quizzes.module.css), so the table takes the place of this without moving the
 * page around it.
 */
export function QuizTableSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading quizzes">
      <div className={styles.skeletonHead} />
      {Array.from({ length: quizLimits.listPageSize }, (_, index) => (
        <div key={index} className={styles.skeletonRow}>
          <SkeletonBodyText lines={1} />
        </div>
      ))}
    </div>
  );
}
