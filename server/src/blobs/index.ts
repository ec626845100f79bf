/**
 * The streaming blob store (issue 45): files such as answer keys, entrants' data and entries, kept as
 * streams in a folder under DATA_DIR or in PostgreSQL, never whole in memory. See README.md beside this.
 */
export { BlobTooLargeError, isBlobId, type BlobInfo, type BlobStore, type PutOptions } from './blobStore';
export { BLOBS_DIR, createFolderBlobStore } from './folderBlobStore';
export { CHUNK_BYTES, createPostgresBlobStore } from './postgresBlobStore';
