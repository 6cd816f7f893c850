// hls.js's light build (no subtitles, alternate audio or DRM, which a live needs none of) has the full build's types
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
