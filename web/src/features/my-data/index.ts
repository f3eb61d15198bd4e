// The borrower's data rights on the web (decision 0107): the public module.
export { PolicyPrompt } from './policy-prompt.tsx';
