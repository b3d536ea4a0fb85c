/**
 * How both admin bundles (standalone and embedded) split the libraries out of the app's code: they
 * change less often than our code, so separate files keep browser caches warm, and the libraries only
 * some pages need (the editor, the charts) load with those pages.
 */
export const adminChunkGroups = [
  { name: 'polaris', test: /node_modules[\\/]@shopify[\\/]/ },
  // Only the dashboard's lazily loaded chart uses these.
  {
    name: 'charts',
    test: /node_modules[\\/](victory[^\\/]*|d3-[^\\/]+|delaunator|robust-predicates|internmap|lodash|react-fast-compare)[\\/]/,
  },
  { name: 'vendor', test: /node_modules[\\/](?!lexical[\\/]|@lexical[\\/])/ },
  // The builders' rich text editor. Last, so that what it shares with the rest (React's JSX runtime)
  // is already in vendor and the editor loads only with the builders.
  { name: 'editor', test: /node_modules[\\/](lexical|@lexical)[\\/]/ },
];
