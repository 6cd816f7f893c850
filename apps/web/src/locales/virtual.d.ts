/** One part of a locale file, cut at build time (build/localeGroups.ts). */
declare module 'virtual:locales/*' {
  type Tree = { [key: string]: string | Tree };
  const strings: Tree;
  export default strings;
}
