/** Our chart (a line per day, our own SVG), shared by the dashboard and the post-purchase report. */
const chartCode = /[\\/]admin[\\/]components[\\/]charts[\\/]/;
/**
 * Lexical and our editor on it. Its lazy wrapper (LazyRichTextEditor.tsx) and the field's styles, which
 * draw the editor's place while it loads, stay with the screens that import them.
 */
const editorLibraries = /node_modules[\\/](lexical|@lexical)[\\/]|[\\/]admin[\\/]components[\\/]RichText(Editor|Toolbar)\.tsx$/;
/** The forms layer and its library: for the screens with a form on it only. */
const formsLayer =
  /node_modules[\\/]react-hook-form[\\/]|[\\/]forms[\\/]useSchemaForm\.|[\\/]components[\\/]engagement[\\/](useEngagementForm|EngagementFormPage)\./;
/**
 * The share screens (polls', web responses', wheels'), their code box and Shopify tab, and the words of the
 * embed rules (issue 35): loaded by no other screen.
 */
const shareCode =
  /[\\/]admin[\\/]components[\\/](ShareCode\.|share[\\/]|engagement[\\/]ShareScreen\.)|[\\/]shared[\\/]src[\\/]embedRulesText\./;
/** The items' Languages place (issue 34): opened from the builders only, never on a screen's first load. */
const languagesPlace =
  /[\\/]admin[\\/]components[\\/]languages[\\/]|[\\/]shared[\\/]src[\\/]i18n[\\/](languageLabels|languagesScreen|itemTexts)\./;
/**
 * The result email's renderer, its live preview and the visitor catalogue's English words it speaks
 * (issue 35): loaded with the quiz builder and the wheel form only.
 */
const resultEmail =
  /[\\/]admin[\\/]components[\\/]ResultEmailPreview\.|[\\/]shared[\\/]src[\\/](resultEmail|i18n[\\/]translate|i18n[\\/]catalogue[\\/]en)\./;
/**
 * The date range picker (Polaris' DatePicker and its calendar) of the dashboard and the post-purchase
 * report: loaded with those two screens only, not with every screen's shared libraries.
 */
const rangePicker =
  /node_modules[\\/]@shopify[\\/]polaris[\\/]build[\\/]esm[\\/](components[\\/]DatePicker[\\/]|utilities[\\/]dates\.)|[\\/]CalendarIcon\.svg|[\\/]admin[\\/]pages[\\/]dashboard[\\/]RangePicker\./;
/**
 * The field web vitals reporter and its rules (issue 38): loaded after the page is idle, and by the admin
 * area's Web vitals page; never with the entry.
 */
const webVitalsCode = /[\\/]shared[\\/]src[\\/]schemas[\\/]webVitals\.|[\\/]admin[\\/]vitals[\\/]/;
/** Our modules that many screens use: the shared rules and schemas, the API calls, the components. */
const commonCode =
  /[\\/]shared[\\/]src[\\/]|[\\/]web[\\/]src[\\/]admin[\\/](api[\\/]|components[\\/]|data[\\/]|forms[\\/]|[^\\/]+$)/;

/**
 * How both admin bundles (standalone and embedded) group their modules into files. A module goes to
 * the group of highest priority that takes it, together with the modules it imports that no group
 * of higher priority took:
 * - react: React and the router, which every screen runs and which change less often than our code;
 * - base: everything else the entry loads, in one file; on the standalone bundle that is the
 *   signed-out screens only, so the sign-in page never loads the admin;
 * - admin: the libraries (Polaris, mostly) that two or more of the admin's lazily loaded chunks
 *   share, in one file, so that a screen waits for a few files rather than forty small ones;
 * - charts, editor: the dashboards' chart, loaded once their figures have painted, and the builders'
 *   rich text editor, loaded when an editor mounts (after admin, so that what they share with Polaris
 *   stays there);
 * - forms: react-hook-form and the forms layer, loaded with the screens whose forms use it;
 * - share: the share screens' code box and Shopify tab, loaded with those screens only;
 * - languages: an item's Languages place, loaded when a builder shows it;
 * - resultEmail: the result email's renderer and live preview, loaded with the quiz builder and the wheel form;
 * - rangePicker: the date range picker of the dashboard and the post-purchase report;
 * - the web vitals reporter's rules stay out of common: they load once the page is idle;
 * - the rest, our pages' code, is split by where it is used.
 */
export const adminChunkGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 5 },
  { name: 'base', tags: ['$initial' as const], priority: 4 },
  {
    name: 'admin',
    test: (id: string) =>
      /node_modules[\\/]/.test(id) && !editorLibraries.test(id) && !formsLayer.test(id) && !rangePicker.test(id),
    minShareCount: 2,
    priority: 3,
  },
  {
    name: 'common',
    test: (id: string) =>
      commonCode.test(id) &&
      !chartCode.test(id) &&
      !editorLibraries.test(id) &&
      !formsLayer.test(id) &&
      !shareCode.test(id) &&
      !languagesPlace.test(id) &&
      !resultEmail.test(id) &&
      !webVitalsCode.test(id),
    minShareCount: 2,
    priority: 2.5,
  },
  { name: 'share', test: shareCode, minShareCount: 2, priority: 2.5 },
  { name: 'resultEmail', test: resultEmail, minShareCount: 1, priority: 2 },
  { name: 'languages', test: languagesPlace, minShareCount: 1, priority: 2 },
  { name: 'rangePicker', test: rangePicker, minShareCount: 1, priority: 2 },
  { name: 'charts', test: chartCode, priority: 2 },
  { name: 'forms', test: formsLayer, priority: 2 },
  { name: 'editor', test: editorLibraries, priority: 2 },
];
