/**
 * The staff role, granted and revoked only here, on the server's machine (never from the web):
 *   npm run staff -- grant <email>     the account with this address becomes staff
 *   npm run staff -- revoke <email>    it goes back to an ordinary account
 * The account must exist: the person signs in once first. The accounts are the server's: DATA_DIR's
 * accounts.db, or PostgreSQL with DATABASE_URL (AUTH_SECRET is not needed: a role change signs nothing).
 */
import { openStoresFor } from '../src/app';
import { readServerConfig } from '../src/config/serverConfig';

const USAGE = 'Usage: npm run staff -- grant|revoke <email>';

async function main(args: string[]): Promise<number> {
  const [action, email] = args;
  if ((action !== 'grant' && action !== 'revoke') || !email || !email.includes('@')) {
    console.error(USAGE);
    return 2;
  }
  // A role change only: the demo history is the server's to seed, at its own first start.
  const stores = await openStoresFor({
    ...readServerConfig(process.env, { signsSessions: false }),
    seedDemo: false,
  });
  try {
    const changed = await stores.accounts.setRole(email, action === 'grant' ? 'staff' : 'talent');
    if (!changed) {
      console.error('No account has that address: the person signs in once first, then run this again.');
      return 1;
    }
    console.log(action === 'grant' ? 'Staff role granted.' : 'Staff role revoked.');
    return 0;
  } finally {
    await stores.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('The staff command failed:', error);
    process.exit(1);
  },
);
