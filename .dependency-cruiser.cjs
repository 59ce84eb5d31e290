/**
 * The boundaries of the code, checked by `npm run lint` (docs/architecture.md explains them).
 * Each rule names what it keeps; a new import that breaks one fails the lint.
 */
const serverFeatures = '^apps/server/src/features/';
const webFeatures = '^apps/web/src/features/';
const tests = '(\\.test\\.tsx?$|/testing/|^e2e/|^bench/)';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A module never reaches itself through its imports (type-only imports included).',
      from: { pathNot: tests },
      to: { circular: true },
    },
    {
      name: 'packages-never-import-apps',
      severity: 'error',
      comment: 'The shared packages (contract, landing) know nothing of the apps that use them.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      comment: 'The browser app talks to the server through HTTP and the contract only.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'sql-only-in-repositories',
      severity: 'error',
      comment:
        "Only a feature's *.repository.ts touches Drizzle, the schema or the query helpers; services and routes call repositories.",
      from: { path: `${serverFeatures}.+`, pathNot: [tests, '\\.repository\\.ts$'] },
      to: {
        path: [
          '^node_modules/drizzle-orm/',
          '^apps/server/src/db/schema\\.ts$',
          '^apps/server/src/platform/sql\\.ts$',
          '^apps/server/src/db/client\\.ts$',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-feature-through-its-face',
      severity: 'error',
      comment: "A server feature uses another only through that feature's index.ts.",
      from: { path: `${serverFeatures}([^/]+)/`, pathNot: tests },
      to: {
        path: serverFeatures + '[^/]+/.+',
        pathNot: [`${serverFeatures}$1/`, `${serverFeatures}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'server-app-through-feature-faces',
      severity: 'error',
      comment:
        "Outside the features, the server reaches a feature through its index.ts (the route list in features/index.ts registers each feature's routes).",
      from: { path: '^apps/server/src/', pathNot: [serverFeatures, tests] },
      to: {
        path: serverFeatures + '[^/]+/.+',
        pathNot: [`${serverFeatures}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'web-feature-through-its-face',
      severity: 'error',
      comment: "A web feature uses another only through that feature's index.ts.",
      from: { path: `${webFeatures}([^/]+)/`, pathNot: tests },
      to: {
        path: webFeatures + '[^/]+/.+',
        pathNot: [`${webFeatures}$1/`, `${webFeatures}[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'web-app-through-feature-faces',
      severity: 'error',
      comment: 'The web shell (routes, layout) reaches a feature through its index.ts.',
      from: { path: '^apps/web/src/', pathNot: [webFeatures, tests] },
      to: {
        path: webFeatures + '[^/]+/.+',
        pathNot: [`${webFeatures}[^/]+/index\\.tsx?$`],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: ['(^|/)dist/', '(^|/)node_modules/\\.vite', '^apps/server/src/features/[^/]+/public-script/'],
    },
    includeOnly: ['^apps/', '^packages/', '^node_modules/drizzle-orm/'],
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: {
      dot: {
        collapsePattern:
          '^(apps/server/src/features/[^/]+|apps/web/src/features/[^/]+|packages/[^/]+|apps/[^/]+/src/[^/]+)',
      },
    },
  },
};
