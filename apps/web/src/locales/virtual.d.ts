/** One part of a locale file, cut at build time (build/localeGroups.ts); the core with the shared validation messages. */
declare module 'virtual:locales/*' {
  type Tree = { [key: string]: string | Tree };
  const strings: Tree;
  export default strings;
}
