/**
 * A file the visitor took, as the files controller lists it and the uploads chunk sends it: the
 * file (after a reload, only its name and size), its kind by its bytes, and its upload.
 */
import type { SniffedKind, UploadCheck } from '#contract';
import type { ShownIssue } from '../../issues.ts';
import type { UploadTask } from './upload-task.ts';

/** An upload that finished before a reload: enough to list it and to name it at Send. */
export interface KeptUpload {
  id: string;
  /** What its creation answered in `Upload-Key`: names it at Send whatever the form token is. */
  key?: string;
  name: string;
  size: number;
  check: UploadCheck;
}

/** A taken file. */
export interface Chosen {
  /** The file; after a reload, its name and size (its upload was kept, not the file). */
  file: File | { name: string; size: number };
  kind: SniffedKind;
  upload?: UploadTask | KeptUpload;
}

/** A file refused when chosen, and why, listed until the visitor removes it. */
export interface Refused {
  file: File;
  issue: ShownIssue;
}
