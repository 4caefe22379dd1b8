/**
 * What a file sent ahead says on its row, in English (a page's `i18n` overrides them as any
 * other). Only the uploads chunk says them, and teaches them to the element as it loads: they
 * are not in the bundles every form loads, nor on the page without JavaScript, which has no
 * uploads.
 */
export const UPLOAD_STRINGS = /* @__PURE__ */ Object.freeze({
  uploading: 'Uploading: {percent}',
  uploadPaused: 'Paused until you are back online',
  uploadChecked: 'Uploaded and checked',
  uploadConverted: 'Uploaded: it will be sent as a {kind}',
  /** Converted by the proxy as it arrived (a converter was free). */
  uploadConvertedNow: 'Converted to {kind}',
  /** No room on the server to keep it ahead: it goes in the enquiry's own request. */
  uploadWithEnquiry: 'It will be sent with your enquiry',
});
