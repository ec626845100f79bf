import type { Request, RequestHandler } from 'express';
import {
  POST_SCORING_FIELD,
  POST_TEST_FIELD_PREFIX,
  type PostScoring,
  type SetupValues,
  type TestRuntime,
  type TestSetupValues,
} from '@side-quest/data/lifecycle';
import type { BlobStore } from '../blobs';
import { readMultipartUpload, type MultipartUpload } from '../http/multipartForm';
import type { Person } from '../accounts/accounts';
import { LIFECYCLE_FORM_LIMIT_BYTES } from '../lifecycle/lifecycleFormLimit';
import { isTestRuntime } from '../test-scoring';
import { formFailure } from './entryLimits';
import { SETUP_UPLOADS, setupValuesOf, type FormFailure, type ScoredBounties } from './scoredBounties';
import { TEST_SETUP_UPLOADS, checkTestSetupValues, testSetupValuesOf } from './testScoredSetup';

/**
 * The scoring setup a post form may carry (issue 45 item 2, issue 56 item 3): an answer key's or a
 * test-scored one's, as the radio `scoring` says. The form is read as multipart, its files streamed into
 * the blob store; once the bounty is saved as a draft, the chosen setup is attached by the same checks
 * and storage as the console's setup forms (ScoredBounties.attachSetup, attachTestSetup), and the other
 * kind's files are deleted.
 */
export interface PostFormSetup {
  /** Upload budget per client address, as the console's setup form (applied to multipart posts only). */
  uploadLimit: RequestHandler;
  /**
   * Reads the form: the text fields, and both setups' files streamed to the blob store. Rejects with
   * status 400 (a broken body) or 413 (more text than a post form holds), and the fields that arrived.
   */
  read(req: Request): Promise<MultipartUpload>;
  /** The scoring the form chose; without the radio (a script's form), an answer key once a file is sent. */
  scoringOf(upload: MultipartUpload): PostScoring;
  valuesOf(fields: URLSearchParams): SetupValues;
  /** The test setup's fields as typed (their names without the post form's prefix). */
  testValuesOf(fields: URLSearchParams): TestSetupValues;
  /**
   * The test setup's typed fields checked before anything is saved, as the console's form checks them
   * (a runtime some live runner offers now among them): null when they pass, else the refusal.
   */
  checkTests(upload: MultipartUpload): Promise<FormFailure | null>;
  /** Attaches the chosen setup to the new draft; the other kind's files are deleted first. */
  attach(
    person: Person,
    slug: string,
    bountyId: string,
    upload: MultipartUpload,
    scoring: Exclude<PostScoring, 'none'>,
  ): Promise<{ ok: true } | FormFailure>;
  /** Deletes the form's stored files (a form refused before its setup was checked, or unscored). */
  discard(upload: MultipartUpload): Promise<void>;
  /** The runtimes live runners that can make a sandbox offer now: tests are offered only with one. */
  liveTestRuntimes(): Promise<TestRuntime[]>;
}

/** How many text fields a post form sends at most: every country, skill, criterion and prize chosen. */
const POST_FORM_FIELDS = 600;

/** The test setup's typed fields without the post form's prefix (the console's form has none). */
export function unprefixedTestFields(fields: URLSearchParams): URLSearchParams {
  return new URLSearchParams(
    [...fields]
      .filter(([name]) => name.startsWith(POST_TEST_FIELD_PREFIX))
      .map(([name, value]) => [name.slice(POST_TEST_FIELD_PREFIX.length), value]),
  );
}

/** The radio's choice; a form without it scores by an answer key once it carries a file of one. */
export function postScoringOf(upload: MultipartUpload): PostScoring {
  const chosen = upload.fields.get(POST_SCORING_FIELD);
  if (chosen === 'none' || chosen === 'key' || chosen === 'tests') return chosen;
  const keyFiles = Object.keys(SETUP_UPLOADS).some((name) => upload.files.has(name));
  return keyFiles || upload.tooLarge !== null ? 'key' : 'none';
}

export function createPostFormSetup(options: {
  scored: ScoredBounties;
  blobs: BlobStore;
  uploadLimit: RequestHandler;
  /** The runtimes live runners offer now (RunStore.liveRunnerRuntimes, as the console's form uses). */
  liveRuntimes: () => Promise<string[]>;
}): PostFormSetup {
  const { scored, blobs } = options;
  const deleteFiles = async (upload: MultipartUpload, names: (name: string) => boolean) => {
    const files = [...upload.files].filter(([name]) => names(name));
    await Promise.all(files.map(([, file]) => blobs.delete(file.blob.id).catch(() => false)));
  };
  const liveTestRuntimes = async () => (await options.liveRuntimes()).filter(isTestRuntime);
  return {
    uploadLimit: options.uploadLimit,
    read: (req) =>
      readMultipartUpload(req, {
        blobs,
        files: { ...SETUP_UPLOADS, ...TEST_SETUP_UPLOADS },
        text: { fields: POST_FORM_FIELDS, bytes: LIFECYCLE_FORM_LIMIT_BYTES },
      }),
    scoringOf: postScoringOf,
    valuesOf: setupValuesOf,
    testValuesOf: (fields) => testSetupValuesOf(unprefixedTestFields(fields)),
    async checkTests(upload) {
      if (upload.tooLarge) return formFailure(413, upload.tooLarge.message);
      const values = testSetupValuesOf(unprefixedTestFields(upload.fields));
      const checked = checkTestSetupValues(values, await liveTestRuntimes());
      return checked.ok
        ? null
        : formFailure(422, 'The test setup has problems. Nothing was saved.', checked.problems);
    },
    async attach(person, slug, bountyId, upload, scoring) {
      const chosen: Record<string, unknown> = scoring === 'tests' ? TEST_SETUP_UPLOADS : SETUP_UPLOADS;
      await deleteFiles(upload, (name) => !(name in chosen));
      const files = new Map([...upload.files].filter(([name]) => name in chosen));
      const outcome =
        scoring === 'tests'
          ? await scored.attachTestSetup(person, slug, bountyId, {
              ...upload,
              files,
              fields: unprefixedTestFields(upload.fields),
            })
          : await scored.attachSetup(person, slug, bountyId, { ...upload, files });
      return outcome.ok ? { ok: true } : outcome;
    },
    discard: (upload) => deleteFiles(upload, () => true),
    liveTestRuntimes,
  };
}
