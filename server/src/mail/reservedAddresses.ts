/**
 * Top-level domains that never reach anyone (RFC 2606 and RFC 6761): the demo history's `.invalid`
 * people, test fixtures' `.test` and `.example` ones, and `localhost`.
 */
const RESERVED_TOP_LEVEL = new Set(['invalid', 'test', 'example', 'localhost']);

/**
 * Whether mail to `address` would go to nobody: its domain is `localhost` or ends in a reserved
 * top-level domain (`.invalid`, `.test`, `.example`, `.localhost`), in any case, with or without a
 * trailing dot. The outbox records such a message as skipped and never sends or writes it.
 * Second-level names such as example.com are left alone: they belong to the one sending it.
 */
export function isReservedAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  const domain = address
    .slice(at + 1)
    .trim()
    .replace(/>$/, '')
    .replace(/\.+$/, '')
    .toLowerCase();
  if (at < 0 || domain === '') return false;
  const topLevel = domain.slice(domain.lastIndexOf('.') + 1);
  return RESERVED_TOP_LEVEL.has(topLevel);
}
