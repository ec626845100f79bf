// The stack reference's browser entry: the async boundary every Module Federation host needs (the
// shared singletons are negotiated before the page's code runs), as the shell's entry.
void import('./bootstrap.mjs');
