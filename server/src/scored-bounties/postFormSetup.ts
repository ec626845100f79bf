import type { Request, RequestHandler } from 'express';
import type { SetupValues } from '@side-quest/data/lifecycle';
import type { BlobStore } from '../blobs';
import { readMultipartUpload, type MultipartUpload } from '../http/multipartForm';
import type { Person } from '../accounts/accounts';
import { LIFECYCLE_FORM_LIMIT_BYTES } from '../lifecycle/lifecycleFormLimit';
import { SETUP_UPLOADS, setupValuesOf, type FormFailure, type ScoredBounties } from './scoredBounties';

/**
 * The scoring setup a post form may carry (issue 45 item 2): the form is read as multipart, its files
 * streamed into the blob store; once the bounty is saved as a draft, the setup is attached by the same
 * check and storage as the console's setup form (ScoredBounties.attachSetup).
 */
export interface PostFormSetup {
  /** Upload budget per client address, as the console's setup form (applied to multipart posts only). */
  uploadLimit: RequestHandler;
  /**
   * Reads the form: the text fields, and the setup's files streamed to the blob store. Rejects with
   * status 400 (a broken body) or 413 (more text than a post form holds), and the fields that arrived.
   */
  read(req: Request): Promise<MultipartUpload>;
  /** Whether the form carries a setup: a file was chosen (or refused as too large). */
  carriesSetup(upload: MultipartUpload): boolean;
  valuesOf(fields: URLSearchParams): SetupValues;
  attach(
    person: Person,
    slug: string,
    bountyId: string,
    upload: MultipartUpload,
  ): Promise<{ ok: true } | FormFailure>;
  /** Deletes the form's stored files (a form refused before its setup was checked). */
  discard(upload: MultipartUpload): Promise<void>;
}

/** How many text fields a post form sends at most: every country, skill, criterion and prize chosen. */
const POST_FORM_FIELDS = 600;

export function createPostFormSetup(options: {
  scored: ScoredBounties;
  blobs: BlobStore;
  uploadLimit: RequestHandler;
}): PostFormSetup {
  const { scored, blobs } = options;
  return {
    uploadLimit: options.uploadLimit,
    read: (req) =>
      readMultipartUpload(req, {
        blobs,
        files: SETUP_UPLOADS,
        text: { fields: POST_FORM_FIELDS, bytes: LIFECYCLE_FORM_LIMIT_BYTES },
      }),
    carriesSetup: (upload) => upload.files.size > 0 || upload.tooLarge !== null,
    valuesOf: setupValuesOf,
    async attach(person, slug, bountyId, upload) {
      const outcome = await scored.attachSetup(person, slug, bountyId, upload);
      return outcome.ok ? { ok: true } : outcome;
    },
    async discard(upload) {
      await Promise.all(
        [...upload.files.values()].map((file) => blobs.delete(file.blob.id).catch(() => false)),
      );
    },
  };
}
