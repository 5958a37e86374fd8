import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.tsx'],
  framework: '@storybook/react-vite',
  // MSW's worker script, copied into public/ by msw's install script (package.json's msw.workerDirectory).
  staticDirs: ['../public'],
};

export default config;
