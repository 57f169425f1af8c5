import type { CodegenConfig } from '@graphql-codegen/cli';

// CODEGEN_OUT lets `codegen:check` generate into a scratch folder and compare.
const outputDir = process.env.CODEGEN_OUT ?? 'src/gql/';

const config: CodegenConfig = {
  schema: '../schema.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/gql/**', '!src/**/*.test.{ts,tsx}'],
  ignoreNoDocuments: false,
  generates: {
    [outputDir]: {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        strictScalars: true,
        scalars: { DateTime: 'string', JSON: 'unknown', Upload: 'File' },
        skipTypename: false,
        dedupeFragments: true,
      },
    },
    // Every enum of the schema, used by an operation or not: the error codes among them.
    [`${outputDir}schemaEnums.ts`]: {
      plugins: ['typescript'],
      config: { onlyEnums: true, enumsAsTypes: true, useTypeImports: true },
    },
  },
};

export default config;
