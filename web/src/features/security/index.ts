export { CodeForm } from './components/code-form';
export { LinkedMethods } from './components/linked-methods';
export { SignInCodePrompt } from './components/sign-in-code-prompt';
export { TwoFactorSettings } from './components/two-factor-settings';
export { ProviderButtons } from './components/provider-buttons';
export { linkedMarker } from './api/providers';
