/**
 * What a file sent ahead says on its row, in English: the words of the widget's uploads chunk
 * (`widget/late/uploads/strings.ts`), which the proxy lists too, so that the Welsh and a strings
 * file for another language have them. The chunk keeps its own copy: imported through
 * `#contract`, the late bundle's entry would have to import the chunk (a third file for every
 * form); `strings/widget-copy.test.ts` holds the two the same.
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
