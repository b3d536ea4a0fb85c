import { Box } from '@shopify/polaris';
import { Link, useLocation } from 'react-router';
import { adminSections, adminSectionUrl, sectionOf } from '../areaUrls.ts';
import { areaTexts } from '../texts.ts';

/**
 * Links between the area's sections, the current one marked; they wrap on narrow screens, inset there
 * like the page's title (cards reach the screen's edges on phones).
 */
export function SectionNav() {
  const current = sectionOf(useLocation().pathname);
  return (
    <nav aria-label={areaTexts.sectionsLabel}>
      <Box paddingInline={{ xs: '200', sm: '0' }}>
        <ul className="ql-admin-sections">
          {adminSections.map((section) => (
            <li key={section}>
              <Link
                to={adminSectionUrl(section)}
                className="ql-admin-sections__link"
                aria-current={section === current ? 'page' : undefined}
              >
                {areaTexts.sections[section]}
              </Link>
            </li>
          ))}
        </ul>
      </Box>
    </nav>
  );
}
