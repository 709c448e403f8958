import type { Plugin } from 'vite';

const FORM_CONTEXT = /[\\/]node_modules[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/;

/**
 * Ant Design's form context (antd/es/form/context.js) takes only FormProvider from @rc-component/form, but
 * through the package's index, whose top-level `RefForm.Field = Field`-style assignments keep the whole form
 * library (fields, lists, the validator: about 13 KB gzipped) wherever the context is reached. Tooltip, Menu
 * and Input reach it through ContextIsolator, so the shell carried the form library without showing a form.
 * That one import is resolved to the module defining FormProvider, the very one the index re-exports: the
 * same object, so forms behave as before, and the form library loads with the pages that show a form.
 */
export function formProviderOnly(): Plugin {
  return {
    name: 'antd-form-context-provider-only',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer || !FORM_CONTEXT.test(importer)) return null;
      return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
    },
  };
}
