// The web app and its pages served on the API's origin: the public module.
export { webApp, type WebAppOptions } from './web-app.ts';
