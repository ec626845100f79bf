// Imported media files resolve to their URL in the browser; in tests a stable name stands in.
module.exports = 'test-file-stub';
