/** One language's login texts, built by apps/web/build/loginTexts.ts. */
declare module 'virtual:login-texts/*' {
  const texts: import('./textKeys').LoginTexts;
  export default texts;
}
