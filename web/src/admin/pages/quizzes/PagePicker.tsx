import { Button } from '@shopify/polaris';
import { ChevronLeftIcon, ChevronRightIcon } from '@shopify/polaris-icons';
import { quizLimits } from '@quizlead/shared/quizzes.ts';
import { pageNumbers } from './pageNumbers.ts';
import styles from './quizzes.module.css';

interface Props {
  page: number;
  pageCount: number;
  onChange(page: number): void;
}

/** Previous, page numbers (2 margin pages, 5 in range) and Next. */
export function PagePicker({ page, pageCount, onChange }: Props) {
  if (pageCount <= 1) return null;
  const items = pageNumbers(page, pageCount, { margin: quizLimits.listMarginPages, range: quizLimits.listPagesInRange });
  return (
    <nav aria-label="Pagination">
      <ul className={styles.pages}>
        <li>
          <Button
            icon={ChevronLeftIcon}
            accessibilityLabel="Previous page"
            disabled={page <= 1}
            onClick={() => onChange(page - 1)}
          />
        </li>
        {items.map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item} aria-current={item === page ? 'page' : undefined}>
              <Button
                variant={item === page ? 'primary' : 'secondary'}
                accessibilityLabel={item === page ? `Page ${item}, current page` : `Page ${item}`}
                onClick={() => onChange(item)}
              >
                {String(item)}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button
            icon={ChevronRightIcon}
            accessibilityLabel="Next page"
            disabled={page >= pageCount}
            onClick={() => onChange(page + 1)}
          />
        </li>
      </ul>
    </nav>
  );
}
