// The file extensions H5P core accepts in an uploaded package: h5p.classes.php's default content
// whitelist ($defaultContentWhitelist), and the extras a library's own folder may hold besides
// ($defaultLibraryWhitelistExtras). A platform refuses a whole package with one file of another
// extension (so no .wasm and no .html). scripts/make-h5p.mjs writes only these;
// tests/browser/h5p.mjs checks every file of the package against them.
export const CONTENT_WHITELIST = ('json png jpg jpeg gif bmp tif tiff svg eot ttf woff woff2 otf webm mp4 ogg mp3 m4a wav ' +
  'txt pdf rtf doc docx xls xlsx ppt pptx odt ods odp xml csv diff patch swf md textile vtt webvtt').split(' ');
export const LIBRARY_WHITELIST_EXTRAS = ['js', 'css'];
