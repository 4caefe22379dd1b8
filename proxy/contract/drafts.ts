/**
 * A saved enquiry ("Save and continue later", `docs/saved-enquiries.md`) as the widget and the
 * proxy both know it: the routes' requests and answers, the link's fragment, and what the
 * browser encrypts (`DraftContent`), so that a draft saved by the page without JavaScript, which
 * the proxy encrypts for it, opens in the widget like any other. Types and a few pure helpers:
 * the widget pays only for what it uses.
 */
import type { ContactFieldName } from './fields.ts';
import type { Answer } from './schemas/enquiry-part.ts';
import type { Question } from './schemas/form-config.ts';
import type { UploadCheck } from './upload-check.ts';

/**
 * The fragment's name: the link is the page's address with `#enquiry-draft=<id>.<key>`. Every
 * form's late bundle looks for it in the page's address, which puts this module in that bundle:
 * the saved enquiries' chunk takes the rest from there (a chunk importing a module of the
 * contract that the late bundle has not would split the contract off into a file of its own).
 */
export const DRAFT_FRAGMENT = 'enquiry-draft';

/** How long a code works. */
export const DRAFT_CODE_MINUTES = 10;
/** How many tries a draft takes before it is locked for a while. */
export const DRAFT_TRIES = 5;

/** An upload a draft names: enough to list it again and to name it at Send. */
export interface DraftUpload {
  id: string;
  /** What its creation answered in `Upload-Key`: names it whatever the form token is. */
  key: string;
  name: string;
  size: number;
  check: UploadCheck;
}

/**
 * What the browser encrypts: everything typed and chosen, where the visitor was, the uploads,
 * and what each answered question was when it was answered (`asked`), so that a form published
 * anew since restores only the answers to questions that are still the same.
 */
export interface DraftContent {
  v: 1;
  /** The contact fields and the case type by name, the answers, consent and "Send me a copy". */
  values: Partial<Record<ContactFieldName | 'case_type', string>> & {
    answers: Record<string, Answer>;
    consent: Record<string, boolean>;
    sendCopy?: boolean;
  };
  /** Question id → its signature (`questionSignature`) when it was answered. */
  asked: Record<string, string>;
  /** The step shown, in a form in steps. */
  step?: string | undefined;
  uploads: DraftUpload[];
  /** The secret that lets its owner save it again (its SHA-256 is all the proxy keeps). */
  write: string;
  /** The address it was saved for, offered again when it is saved again. */
  email: string;
  /**
   * An unfinished enquiry's reminder only (`docs/unfinished.md`): the record it was sealed from,
   * the secret its link carries (the page that opens it keeps the record with it, ticked) and
   * the count that page starts from, above any the page that kept it reaches.
   */
  unfinished?: { id: string; secret: string; seq: number } | undefined;
}

/** `POST /api/drafts`: a draft saved, or saved again by its owner (`id` and `write` given). */
export interface DraftSaveRequest {
  /** Absent for a new draft: the proxy makes its id. */
  id?: string;
  write: string;
  /** The AES-GCM key, in base64url: written into the emailed link, kept nowhere. */
  key: string;
  /** `<iv>.<ciphertext>`, each base64url (`draftCipher` in the widget). */
  ciphertext: string;
  email: string;
  /** The page the form is on, without its fragment: where the link leads. */
  page: string;
  lang?: string | undefined;
  uploads: { id: string; key: string }[];
  form_token: string;
}

/** `201` to a save. */
export interface DraftSaved {
  id: string;
  expiresAt: number;
}

/** `POST /api/drafts/code`: a code to the draft's address, if `email` is that address. */
export interface DraftCodeRequest {
  id: string;
  email: string;
  lang?: string | undefined;
}

/** `POST /api/drafts/open`: the ciphertext, for the live code. */
export interface DraftOpenRequest {
  id: string;
  code: string;
}

/** `200` to the right code. */
export interface DraftOpened {
  ciphertext: string;
  expiresAt: number;
}

/** `POST /api/drafts/discard`: the owner forgets the draft (sent, or given up). */
export interface DraftDiscardRequest {
  id: string;
  write: string;
}

/**
 * A question's options as stored values: a translated option's (`{"value", "label"}`) are sent
 * as `optionValues` beside the labels the visitor reads (`public-config.ts`).
 */
export const optionValuesOf = (question: Question): readonly string[] | undefined =>
  (question as Question & { optionValues?: readonly string[] }).optionValues ?? question.options;
